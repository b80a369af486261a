"""Executes one notebook through a real Jupyter kernel with nbclient, the executor behind
`jupyter nbconvert --execute`, and prints one JSON line describing the run.

Usage: python3 jupyter-execute.py <notebook> <executed-copy> <kernel-name> <cell-timeout-seconds>

Why not the nbconvert command itself: on a failing cell it writes no notebook, and tslab's error reply carries an
empty error value (the message is only in the cell's stderr stream), so neither the cell nor the message could be
reported. Driving nbclient cell by cell keeps both, stops at the first failing cell as nbconvert does, and still
writes the executed copy. Part of the workbench's notebooks runner (lib/notebooks/jupyter.ts).
"""
import json
import os
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError


def main(notebook, out, kernel, timeout):
    started = time.monotonic()
    nb = nbformat.read(notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    client = NotebookClient(
        nb,
        kernel_name=kernel,
        timeout=timeout,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(notebook))}},
    )
    failed = None
    reason = None
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            try:
                client.execute_cell(cell, index)
            except CellExecutionError:
                failed = index
            except CellTimeoutError:
                failed, reason = index, "the cell did not finish within %s s (nbclient timeout)" % timeout
            except DeadKernelError as err:
                failed, reason = index, "the kernel died: %s" % err
            if failed is not None:
                break
    seconds = time.monotonic() - started
    nb.metadata["workbench"] = {"mode": "jupyter", "ok": failed is None, "failedIndex": failed, "seconds": seconds}
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    nbformat.write(nb, out)
    print(json.dumps({"failedIndex": failed, "reason": reason, "seconds": seconds}))


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]))
