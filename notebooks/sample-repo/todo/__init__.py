"""A small to-do list: tasks, a list of them, JSON storage and a command line."""
from .models import Task, TaskList

__all__ = ["Task", "TaskList"]
