"""`unitycli batch`: many tool runs in one process against one project (line format in `lines.py`)."""
