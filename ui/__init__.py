"""The Gradio chat UI. Importing it keeps Gradio and Hugging Face offline before gradio loads."""

from rag.config import apply_offline_environment

apply_offline_environment()
