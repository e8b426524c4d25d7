"""The network's vector lanes (native/eval/net_lanes.h: SSE2 on x86-64, AVX2 where the CPU has it, NEON on arm64)
equal its plain loops.

tests/engine/native/net_lanes_check.c includes net.c and runs each lane helper on many seeded
random inputs against a reference written from the spec; it prints which body it ran and a
digest of every output. Here it is built with the host compiler twice, vector lanes and
GOMOKU_NET_SCALAR, and, where a cross compiler and qemu are installed (CI installs them),
for arm64 the same way and run under qemu-aarch64: so the NEON lanes are held to the numbers
without ARM hardware. test_net_kernel.py holds the whole network to the numpy reference, and
test_portable_build.py the plain build's searches to the vector one's.
"""

import platform
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "tests" / "engine" / "native" / "net_lanes_check.c"
NATIVE = ROOT / "game" / "engine" / "native"
INCLUDES = ["-I", str(NATIVE / "eval"), "-I", str(NATIVE / "game")]
HOST_CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
CROSS_CC = shutil.which("aarch64-linux-gnu-gcc")
QEMU = shutil.which("qemu-aarch64")
#: The body the host's vector build must take (another machine: whatever it has, even plain).
HOST_LANES = {"x86_64": "sse2", "amd64": "sse2", "arm64": "neon", "aarch64": "neon"}.get(platform.machine().lower())


def _build(compiler: str, out: Path, *flags: str) -> None:
    built = subprocess.run(
        [compiler, "-O2", "-Wall", "-Wextra", *flags, *INCLUDES, str(CHECK), "-o", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert built.returncode == 0, built.stderr
    assert "net.c" not in built.stderr, "net.c builds with warnings:\n" + built.stderr


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=300)


def _digests(command: list[str]) -> tuple[str, list[str]]:
    """The body the check ran ('sse2', 'neon' or 'plain') and its digest lines; it must pass."""
    lanes, digests, _ = _checked(command)
    return lanes, digests


def _checked(command: list[str]) -> tuple[str, list[str], str]:
    """_digests, and whether the AVX2 lanes were checked too ('checked', 'no cpu', 'not built')."""
    done = _run(command)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 6 and lines[0].startswith("lanes: ") and lines[5].startswith("avx2: "), done.stdout
    return lines[0].removeprefix("lanes: "), lines[1:5], lines[5].removeprefix("avx2: ")


def _host_has_avx2() -> bool:
    try:
        return " avx2 " in f" {Path('/proc/cpuinfo').read_text()} ".replace("\n", " ")
    except OSError:
        return False


@pytest.mark.skipif(HOST_CC is None, reason="no C compiler (cc, gcc or clang) on PATH")
def test_the_host_vector_lanes_equal_the_plain_loops(tmp_path):
    _build(HOST_CC, tmp_path / "vector")
    _build(HOST_CC, tmp_path / "plain", "-DGOMOKU_NET_SCALAR")
    lanes, vector = _digests([str(tmp_path / "vector")])
    plain_lanes, plain = _digests([str(tmp_path / "plain")])
    assert plain_lanes == "plain"
    if HOST_LANES is not None:
        assert lanes == HOST_LANES, f"the {platform.machine()} build took the {lanes} lanes"
    assert vector == plain


@pytest.mark.skipif(CROSS_CC is None or QEMU is None,
                    reason="arm64 NEON check needs aarch64-linux-gnu-gcc and qemu-aarch64 on PATH "
                           "(apt-get install gcc-aarch64-linux-gnu qemu-user)")
def test_the_neon_lanes_equal_the_plain_loops_under_qemu(tmp_path):
    _build(CROSS_CC, tmp_path / "neon", "-static")
    _build(CROSS_CC, tmp_path / "plain", "-static", "-DGOMOKU_NET_SCALAR")
    lanes, neon = _digests([QEMU, str(tmp_path / "neon")])
    plain_lanes, plain = _digests([QEMU, str(tmp_path / "plain")])
    assert (lanes, plain_lanes) == ("neon", "plain")
    assert neon == plain


@pytest.mark.skipif(HOST_CC is None or HOST_LANES != "sse2", reason="AVX2 lanes are an x86-64 build's")
def test_the_avx2_lanes_equal_the_reference_where_the_cpu_has_them(tmp_path):
    """Built by GCC or clang on x86-64, the check also runs the AVX2 lanes (net.c's hottest loops on
    such a CPU) against the reference; a spoiled AVX2 lane fails it."""
    _build(HOST_CC, tmp_path / "vector")
    _, _, avx2 = _checked([str(tmp_path / "vector")])
    if not _host_has_avx2():
        assert avx2 in ("no cpu", "not built")
        pytest.skip("this CPU has no AVX2")
    assert avx2 == "checked"
    _build(HOST_CC, tmp_path / "spoiled", "-DNET_LANES_SABOTAGE_AVX2")
    done = _run([str(tmp_path / "spoiled")])
    assert done.returncode == 1 and "MISMATCH" in done.stdout and "_avx2" in done.stdout, done.stdout


@pytest.mark.skipif(HOST_CC is None, reason="no C compiler (cc, gcc or clang) on PATH")
def test_the_check_fails_on_a_spoiled_lane(tmp_path):
    _build(HOST_CC, tmp_path / "spoiled", "-DNET_LANES_SABOTAGE")
    done = _run([str(tmp_path / "spoiled")])
    assert done.returncode == 1 and "MISMATCH" in done.stdout and "lane 5" in done.stdout, done.stdout
