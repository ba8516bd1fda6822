"""Public answers shared by every anonymous reader, kept per event revision: the decorators a
view states its caching with (``decorators``) and the WSGI front handing whole answers back
before Django (``front``)."""
