"""The same batch on a Dask cluster (two worker processes) as on this machine."""

from __future__ import annotations

import json

import numpy as np
import pytest

from solver import Deal
from solver.batch import evaluate, run_file
from solver.cli import main
from solver.notation import output_style

distributed = pytest.importorskip("distributed")


def endings(n, per_hand=3, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        cards = [int(c) for c in rng.permutation(32)]
        out.append(Deal.from_hands([cards[i * per_hand:(i + 1) * per_hand] for i in range(3)]))
    return out


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as c:
        yield c


def test_dask_client_gives_the_local_result(cluster):
    deals = endings(60, seed=11)
    texts = [str(d) for d in deals]
    texts[7] = "not a deal"
    local = evaluate(texts, "solve", declarer=2, trump="♦", backend="reference", jobs=1,
                     on_error="record")
    with distributed.Client(cluster) as client:
        with distributed.get_task_stream(client) as stream:
            remote = evaluate(texts, "solve", declarer=2, trump="♦", backend="reference",
                              executor=client, chunk_size=4, on_error="record")
    assert len(stream.data) == 15                        # 60 deals in chunks of 4
    assert len({t["worker"] for t in stream.data}) == 2  # and both workers took some
    assert remote.equals(local)
    assert remote["error"].notna().sum() == 1 and len(remote) == 60


def test_cli_scheduler_address_gives_the_local_files(cluster, tmp_path):
    deals = endings(40, seed=12)
    lines = [str(d) for d in deals[:20]] + ["AK...7/Q.A..8"] + [
        json.dumps({"deal": str(d), "misere": 1}) for d in deals[20:]]
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    local = run_file(src, tmp_path / "local.csv", "solve",
                     options={"misere": 0, "backend": "reference"}, jobs=1, progress=False)
    rc = main(["batch", str(src), "-o", str(tmp_path / "dask.csv"), "--what", "solve",
               "--misere", "0",
               "--backend", "reference", "--scheduler", cluster.scheduler_address,
               "--chunk", "3", "--no-progress"])
    assert rc == 1 and (local.answered, local.errors) == (40, 1)
    assert (tmp_path / "dask.csv").read_bytes() == (tmp_path / "local.csv").read_bytes()
    assert ((tmp_path / "dask.csv.errors.jsonl").read_bytes()
            == (tmp_path / "local.csv.errors.jsonl").read_bytes())


def test_the_style_reaches_the_dask_workers(cluster, tmp_path):
    # the caller's output_style is not the workers': the rows came back in symbols
    deals = endings(20, seed=15)
    texts = [str(d) for d in deals]
    with output_style("russian"):
        local = evaluate(texts, "solve", misere=1, backend="reference", jobs=1)
        with distributed.Client(cluster) as client:
            remote = evaluate(texts, "solve", misere=1, backend="reference",
                              executor=client, chunk_size=4)
    assert local["deal"].tolist() == [d.to_str("russian") for d in deals]
    assert remote.equals(local)
    src = tmp_path / "in.txt"
    src.write_text("\n".join(texts) + "\n", encoding="utf-8")
    run_file(src, tmp_path / "local.jsonl", "solve", options={"misere": 1, "backend": "reference"},
             jobs=1, progress=False, style="ascii")
    assert main(["batch", str(src), "-o", str(tmp_path / "dask.jsonl"), "--what", "solve",
                 "--misere", "1", "--backend", "reference", "--style", "ascii",
                 "--scheduler", cluster.scheduler_address, "--chunk", "3",
                 "--no-progress"]) == 0
    assert (tmp_path / "dask.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert "♠" not in (tmp_path / "dask.jsonl").read_text(encoding="utf-8")


def test_a_lost_scheduler_is_one_cluster_error(cluster):
    # the client's connection goes away mid-run (here: closed by the input's generator after
    # 30 deals, as a scheduler killed mid-run closes it): the futures' CancelledError /
    # CommClosedError came out of `pref batch` as pages of asyncio traceback
    from solver.batch.runner import ClusterError
    deals = [str(d) for d in endings(80, seed=13)]
    client = distributed.Client(cluster)

    def lines():
        for k, d in enumerate(deals):
            if k == 30:
                client.close()
            yield d
    try:
        with pytest.raises(ClusterError, match="the Dask cluster at tcp://.* failed"):
            evaluate(lines(), "tricks", declarer=0, trump="NT", backend="reference",
                     executor=client, chunk_size=2)
    finally:
        client.close()


def test_cli_says_the_cluster_failed_in_one_line(monkeypatch, tmp_path, capsys):
    from solver import batch
    from solver.batch.runner import ClusterError

    def lost(*args, **kwargs):
        raise ClusterError("the Dask cluster at tcp://h:8786 failed: CommClosedError: closed")
    monkeypatch.setattr(batch, "run_file", lost)
    src = tmp_path / "in.txt"
    src.write_text("AK...7/Q.A..8/7.8..A\n", encoding="utf-8")
    assert main(["batch", str(src), "-o", str(tmp_path / "o.csv"), "--no-progress"]) == 3
    assert capsys.readouterr().err.splitlines() == [
        "pref batch: error: the Dask cluster at tcp://h:8786 failed: CommClosedError: closed; "
        "the rows written so far are complete: run again with --resume"]


class _GrowingCluster:
    """A stand-in for a Dask client whose cluster starts with no workers and gets 8 (an
    adaptive dask_jobqueue cluster); it counts the chunks submitted and not yet collected."""

    __module__ = "distributed.client"      # what is_dask_client() looks at

    def __init__(self):
        self.workers = 0
        self.outstanding = self.most = self.collected = 0

    def nthreads(self):
        return {f"tcp://w{i}": 1 for i in range(self.workers)}

    def submit(self, fn, *args, pure=True):
        value = fn(*args)
        self.outstanding += 1
        self.most = max(self.most, self.outstanding)
        cluster = self

        class Future:
            def result(self, timeout=None):
                cluster.outstanding -= 1
                cluster.collected += 1
                if cluster.collected == 10:
                    cluster.workers = 8        # the workers have come up
                return value

            def cancel(self):
                return False
        return Future()


def test_chunks_in_flight_follow_a_growing_cluster(monkeypatch):
    # the slots were counted once, when the run started: a cluster that started empty was
    # fed 4 chunks at a time for the whole run, however many workers joined
    from solver.batch import runner
    monkeypatch.setattr(runner, "SLOTS_SECONDS", 0.0, raising=False)
    client = _GrowingCluster()
    items = [(k, str(d)) for k, d in enumerate(endings(120, per_hand=1, seed=14), 1)]
    slots = runner.executor_slots(client)
    assert slots == 1
    rows = [r for chunk in runner.pipeline(items, "tricks", {"declarer": 0, "trump": "NT",
                                                             "backend": "reference"},
                                           executor=client, chunk_size=1,
                                           max_inflight=4 * slots, slots=slots)
            for r in chunk]
    assert [r["line"] for r in rows] == list(range(1, 121))
    assert client.most == 32
