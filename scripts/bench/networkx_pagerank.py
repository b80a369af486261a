"""The networkx side of the PageRank benchmark (run by scripts/bench/pagerank.ts; needs networkx and scipy).

    python3 scripts/bench/networkx_pagerank.py <graph dir> <runs> <build runs>

Reads the graph written by pagerank-graphs.ts (names.txt, src.i32, dst.i32, w.f64, personalization.json), then
times, each run after a gc.collect():
  build    - nx.MultiDiGraph(); add_nodes_from(names); add_weighted_edges_from(edges), from Python lists
             prepared beforehand (the counterpart of building the graphology graph from arrays);
  pagerank - nx.pagerank(G, personalization=p, dangling=p, weight="weight"), as Aider calls it; this includes
             networkx's own conversion of G to a scipy CSR matrix.
One untimed pagerank call first (scipy imports its sparse modules lazily). Writes the ranks in node order to
ranks-networkx.f64 and prints one JSON object with the timings (wall and process CPU, in ms) and the versions.
"""
import gc
import json
import os
import sys
import time

import networkx as nx
import numpy as np
import scipy


def timed(fn):
    gc.collect()
    c0, t0 = time.process_time(), time.perf_counter()
    value = fn()
    return value, {"wallMs": (time.perf_counter() - t0) * 1000, "cpuMs": (time.process_time() - c0) * 1000}


def main(folder, runs, build_runs):
    with open(os.path.join(folder, "names.txt"), encoding="utf-8") as f:
        names = f.read().split("\n")
    src = np.fromfile(os.path.join(folder, "src.i32"), dtype="<i4").tolist()
    dst = np.fromfile(os.path.join(folder, "dst.i32"), dtype="<i4").tolist()
    w = np.fromfile(os.path.join(folder, "w.f64"), dtype="<f8").tolist()
    with open(os.path.join(folder, "personalization.json"), encoding="utf-8") as f:
        pers = json.load(f)
    edges = [(names[u], names[v], x) for u, v, x in zip(src, dst, w)]

    def build():
        G = nx.MultiDiGraph()
        G.add_nodes_from(names)
        G.add_weighted_edges_from(edges, weight="weight")
        return G

    builds = []
    G = None
    for _ in range(build_runs):
        G = None
        G, sample = timed(build)
        builds.append(sample)
    assert list(G) == names, "networkx node order differs from the file's"

    def pagerank():
        return nx.pagerank(G, personalization=pers, dangling=pers, weight="weight")

    pagerank()
    pageranks = []
    ranks = None
    for _ in range(runs):
        ranks, sample = timed(pagerank)
        pageranks.append(sample)
    np.array([ranks[n] for n in names], dtype="<f8").tofile(os.path.join(folder, "ranks-networkx.f64"))
    versions = {"python": sys.version.split()[0], "networkx": nx.__version__, "scipy": scipy.__version__, "numpy": np.__version__}
    print(json.dumps({"build": builds, "pagerank": pageranks, "versions": versions, "python": sys.executable}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
