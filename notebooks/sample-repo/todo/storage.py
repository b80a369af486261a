import json
from datetime import date
from pathlib import Path

from .models import Task, TaskList

DEFAULT_PATH = Path.home() / ".todo.json"


def task_to_dict(task: Task) -> dict:
    return {
        "title": task.title,
        "due": task.due.isoformat() if task.due else None,
        "done": task.done,
        "tags": task.tags,
    }


def task_from_dict(data: dict) -> Task:
    due = date.fromisoformat(data["due"]) if data.get("due") else None
    return Task(title=data["title"], due=due, done=data.get("done", False), tags=data.get("tags", []))


def load(path: Path = DEFAULT_PATH) -> TaskList:
    if not path.exists():
        return TaskList()
    return TaskList([task_from_dict(d) for d in json.loads(path.read_text())])


def save(tasks: TaskList, path: Path = DEFAULT_PATH) -> None:
    path.write_text(json.dumps([task_to_dict(t) for t in tasks.tasks], indent=2))
