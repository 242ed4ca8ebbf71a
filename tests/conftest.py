import numpy as np
import pytest

import _cross_seed


def pytest_addoption(parser):
    parser.addoption("--cross-seed", type=_cross_seed.parse, default=0, metavar="N",
                     help="draw the cross-checks' random positions under seed N "
                          "(default 0: the fixed positions CI checks)")


def pytest_configure(config):
    _cross_seed.VALUE = config.getoption("--cross-seed")


def pytest_report_header(config):
    if _cross_seed.VALUE:
        return f"cross-checks drawn under --cross-seed {_cross_seed.VALUE}"
    return None


@pytest.fixture
def rng():
    return np.random.default_rng(20261129)


@pytest.fixture(autouse=True)
def _close_figures():
    """Every figure a test drew is closed after it (pyplot keeps them open: past 20 it warns,
    and they hold memory for the whole run); pyplot is not imported for tests without it."""
    yield
    import sys
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is not None:
        plt.close("all")
