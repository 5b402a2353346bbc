"""`python -m tui` runs the same entry point as the `paperdesk` command."""

from tui.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
