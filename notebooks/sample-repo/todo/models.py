from dataclasses import dataclass, field
from datetime import date


@dataclass
class Task:
    title: str
    due: date | None = None
    done: bool = False
    tags: list[str] = field(default_factory=list)

    def complete(self) -> None:
        self.done = True

    def is_overdue(self, today: date) -> bool:
        return not self.done and self.due is not None and self.due < today


class TaskList:
    def __init__(self, tasks: list[Task] | None = None) -> None:
        self.tasks: list[Task] = list(tasks or [])

    def add(self, title: str, due: date | None = None, tags: list[str] | None = None) -> Task:
        task = Task(title=title, due=due, tags=list(tags or []))
        self.tasks.append(task)
        return task

    def find(self, title: str) -> Task | None:
        for task in self.tasks:
            if task.title == title:
                return task
        return None

    def pending(self) -> list[Task]:
        return [t for t in self.tasks if not t.done]

    def overdue(self, today: date) -> list[Task]:
        return [t for t in self.tasks if t.is_overdue(today)]

    def with_tag(self, tag: str) -> list[Task]:
        return [t for t in self.tasks if tag in t.tags]
