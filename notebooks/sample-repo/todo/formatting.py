from datetime import date

from .models import Task


def format_task(task: Task, today: date) -> str:
    box = "[x]" if task.done else "[ ]"
    due = f" (due {task.due.isoformat()})" if task.due else ""
    late = " OVERDUE" if task.is_overdue(today) else ""
    tags = "".join(f" #{t}" for t in task.tags)
    return f"{box} {task.title}{due}{late}{tags}"


def format_list(tasks: list[Task], today: date) -> str:
    if not tasks:
        return "nothing to do"
    return "\n".join(format_task(t, today) for t in tasks)
