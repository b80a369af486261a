import argparse
from datetime import date

from .formatting import format_list
from .storage import load, save


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="todo")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add")
    add.add_argument("title")
    add.add_argument("--due", type=date.fromisoformat)
    add.add_argument("--tag", action="append", default=[])
    done = sub.add_parser("done")
    done.add_argument("title")
    sub.add_parser("list")
    sub.add_parser("overdue")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    tasks = load()
    today = date.today()
    if args.command == "add":
        tasks.add(args.title, due=args.due, tags=args.tag)
    elif args.command == "done":
        task = tasks.find(args.title)
        if task is None:
            print(f"no task {args.title!r}")
            return 1
        task.complete()
    elif args.command == "list":
        print(format_list(tasks.pending(), today))
    elif args.command == "overdue":
        print(format_list(tasks.overdue(today), today))
    save(tasks)
    return 0
