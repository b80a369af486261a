from datetime import date

from todo.models import TaskList
from todo.storage import load, save


def test_round_trip(tmp_path):
    path = tmp_path / "todo.json"
    tasks = TaskList()
    tasks.add("ship it", due=date(2024, 3, 1), tags=["work"])
    save(tasks, path)
    again = load(path)
    assert again.tasks == tasks.tasks
