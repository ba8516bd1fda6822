"""Forms for the leader's pages, one module for each view module that reads them (``setup``,
``hand_grid``, ``closing``, ``records``, ...), imported by their own name. They check input and
name the field at fault; writes are left to services, so a form never changes anything by
itself. ``echo`` is the renderer every form draws its fields with."""
