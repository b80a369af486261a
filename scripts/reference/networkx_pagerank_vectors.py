"""Writes pagerank vectors (the format of test/fixtures/golden/pagerank.json) from a local networkx + scipy.

Stress cases for bit-for-bit agreement: multigraphs with many parallel edges, rows longer than 16 and 128
entries (scipy's unstable row sort, numpy's pairwise sums), integer-like node names, edges without a weight,
zero weights, personalization/dangling variants. Used to make test/fixtures/networkx/pagerank-multigraph.json:

    python3 scripts/reference/networkx_pagerank_vectors.py 20261130 80 > test/fixtures/networkx/pagerank-multigraph.json
"""
import json
import random
import sys

import networkx as nx
import numpy
import scipy


def iterations(G, kw):
    for k in range(1, 101):
        try:
            nx.pagerank(G, weight="weight", max_iter=k, **kw)
            return k
        except nx.PowerIterationFailedConvergence:
            pass
    return None


def main(seed, count):
    rng = random.Random(seed)
    cases = []
    for t in range(count):
        n = rng.choice([1, 2, 3, 5, 9, 17, 40])
        nodes = list(dict.fromkeys(rng.choice([f"n{i}", str(rng.randint(0, 99))]) for i in range(n)))
        m = rng.randint(0, rng.choice([n, 4 * n, 300]))
        edges = []
        for _ in range(m):
            u, v = rng.choice(nodes), rng.choice(nodes)
            w = rng.choice([None, 0.0, 0.1, 1.0, 10.0, 50.0, 2 ** 0.5, rng.random() * 100])
            edges.extend([[u, v, w]] * rng.choice([1, 1, 2, 3, 5]))
        rng.shuffle(edges)
        G = nx.MultiDiGraph()
        G.add_nodes_from(nodes)
        for u, v, w in edges:
            G.add_edge(u, v) if w is None else G.add_edge(u, v, weight=w)
        pers = dang = None
        if rng.random() < 0.5:
            pers = {x: rng.choice([1.0, 2.0, 100 / 3]) for x in rng.sample(nodes, rng.randint(1, min(4, len(nodes))))}
            dang = pers if rng.random() < 0.8 else {rng.choice(nodes + ["absent"]): 1.0}
        kw = {k: v for k, v in (("personalization", pers), ("dangling", dang)) if v is not None}
        try:
            ranks = nx.pagerank(G, weight="weight", **kw)
            expected = {"ranks": ranks, "nodelist": list(G), "iterations": iterations(G, kw)}
        except ZeroDivisionError as e:
            expected = {"error": {"type": "ZeroDivisionError", "message": str(e)}}
        except nx.PowerIterationFailedConvergence as e:
            expected = {"error": {"type": "PowerIterationFailedConvergence", "message": str(e)}}
        cases.append({"id": f"multigraph-{t:03d}", "category": "multigraph", "nodes": nodes, "edges": edges,
                      "personalization": pers, "dangling": dang, "params": {}, "aider_style": False,
                      "expected": expected})
    source = {"made_by": "scripts/reference/networkx_pagerank_vectors.py", "seed": seed,
              "networkx": nx.__version__, "scipy": scipy.__version__, "numpy": numpy.__version__}
    json.dump({"source": source, "cases": cases}, sys.stdout)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
