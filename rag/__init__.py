"""PaperChat: cited answers over research papers, offline by default."""
