"""`python -m whistdirector hall|serve|demo|manage ...`: what make and whist-director run."""

from whistdirector.launch import main

main()
