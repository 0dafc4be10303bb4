"""Fixes: minimal text edits that correct one problem and leave every other byte as the author wrote it."""
