"""File readers: turning what other tools export into papers."""
