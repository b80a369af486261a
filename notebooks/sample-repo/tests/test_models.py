from datetime import date

from todo.models import Task, TaskList


def test_complete_marks_done():
    task = Task(title="write notebook")
    task.complete()
    assert task.done


def test_overdue_ignores_done_tasks():
    tasks = TaskList()
    late = tasks.add("pay rent", due=date(2024, 1, 1))
    tasks.add("water plants", due=date(2024, 1, 1)).complete()
    assert tasks.overdue(date(2024, 2, 1)) == [late]


def test_find_and_tags():
    tasks = TaskList()
    tasks.add("read paper", tags=["research"])
    assert tasks.find("read paper").tags == ["research"]
    assert [t.title for t in tasks.with_tag("research")] == ["read paper"]
