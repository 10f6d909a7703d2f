"""Simulations on a Dask cluster (the optional extra ``dask``: dask and distributed).

    with dask_executor("tcp://scheduler:8786") as (executor, workers):
        sim = gk.simulate("fury1987", 100_000, seed=1, executor=executor, workers=workers)

:func:`dask_executor` connects to a running scheduler, or starts a local cluster of
worker processes (``"local"``), and hands back a :class:`concurrent.futures.Executor`
(``distributed.Client.get_executor``) with the number of games the cluster plays at
once. Nothing else in the library imports this module, so dask is imported only when
a simulation asks for a cluster (``gothic simulate GAME --dask ADDRESS``).

The workers import the games from their own installation: install the same version
of gothic-games (and any game plugin) on every machine of the cluster.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager

from .errors import BadOption, GothicError

try:
    from distributed import Client, LocalCluster
except ImportError as exc:  # the extra is missing: say how to add it
    raise BadOption("simulating on a Dask cluster needs the dask extra: "
                    "pip install 'gothic-games[dask]'") from exc

__all__ = ["LOCAL", "dask_executor"]

#: The address that asks for a cluster of worker processes on this machine.
LOCAL = "local"
#: Seconds a local cluster's workers have to start (a loaded machine is slow).
LOCAL_START = 120.0


def _wait_for_workers(client: Client, workers: int, seconds: float) -> None:
    """Return once ``workers`` workers run; GothicError if they do not start in time
    (games handed to a cluster without workers would wait for ever)."""
    try:
        client.wait_for_workers(workers, timeout=seconds)
    except TimeoutError as exc:  # distributed's WorkerStartTimeoutError is one
        raise GothicError(f"the Dask cluster's {workers} workers did not start within "
                          f"{seconds:g}s: {exc}") from None


@contextmanager
def dask_executor(address: str, workers: int = 2,
                  timeout: float = 20.0) -> Iterator[tuple[Executor, int]]:
    """An executor on the Dask cluster at ``address`` (a scheduler's address, such as
    ``tcp://10.0.0.5:8786``, answering within ``timeout`` seconds), or on a new local
    cluster of ``workers`` single-threaded processes for ``"local"``; with the number of
    games it plays at once (its threads). The client, and a local cluster, are closed on
    leaving."""
    if address == LOCAL:
        # no dashboard; the scheduler's own HTTP server on any free port (not 8787, which
        # another cluster on this machine may hold)
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None,
                          scheduler_kwargs={"dashboard_address": ":0"}) as cluster, \
                Client(cluster) as client:
            _wait_for_workers(client, workers, LOCAL_START)
            yield client.get_executor(), workers
        return
    try:
        client = Client(address, timeout=f"{timeout}s")
    except OSError as exc:
        raise BadOption(f"no Dask scheduler answers at {address}: {exc}") from None
    with client:
        threads = sum(client.nthreads().values())
        if threads < 1:
            raise BadOption(f"the Dask cluster at {address} has no workers")
        yield client.get_executor(), threads
