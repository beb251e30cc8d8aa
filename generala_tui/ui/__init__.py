"""The Textual user interface of generala-tui."""
