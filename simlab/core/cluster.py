"""Dask clusters for the ``dask`` backend: connect to a scheduler or start a LocalCluster.

The runner sends its batches through joblib's dask backend, which uses the active
``distributed`` client. Workers load the numba cache from ``NUMBA_CACHE_DIR`` (shared on one
machine); on a remote cluster each worker compiles once on its first batch.
"""

from __future__ import annotations

import contextlib
import os

from simlab.errors import SimlabError


def require_client():
    """The active distributed client, or a clear error when there is none."""
    try:
        from distributed import get_client
    except ImportError:  # pragma: no cover - dask is a dependency
        raise SimlabError("backend dask: the 'distributed' package is not installed") from None
    try:
        return get_client()
    except ValueError:
        raise SimlabError("backend dask: no Dask client is running; use "
                          "simlab.core.cluster.dask_client() or the CLI's --backend dask") \
            from None


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, n_workers: int | None = None,
                processes: bool = True):
    """Connect to ``scheduler`` (``tcp://host:8786``) or start a LocalCluster on this machine.

    Parameters
    ----------
    scheduler : str, optional
        Address of a running scheduler; None starts a LocalCluster with ``n_workers`` workers.
    processes : bool
        LocalCluster workers as processes (True) or threads.
    """
    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout="10s")
        except OSError as e:
            raise SimlabError(f"--scheduler: cannot reach the Dask scheduler at {scheduler!r} "
                              f"({e})") from None
        try:
            yield client
        finally:
            client.close()
        return
    n = n_workers or os.cpu_count() or 1
    cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=processes,
                           dashboard_address=None, silence_logs=40)
    client = Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()
