"""JupyterLab in headless Chromium, for the live test (tests/test_lab.py).

`lab_server` starts JupyterLab on a free loopback port on the working copies `make lab` makes
(book/lab.py, in a temporary folder; quick mode, its own Jupyter folders, the copies trusted
as `make lab` trusts them), and `LabSession` drives one browser page: every request outside 127.0.0.1 is blocked and recorded,
every error the kernel reports (a cell's or a widget callback's) is recorded, and each step
leaves a screenshot. Notebook-level actions (clear, run all, restart) go through JupyterLab's
own commands (the app is exposed in the page); widgets are clicked and chosen as a user would.
Waits poll with generous timeouts: nothing sleeps a fixed time.
"""

import importlib.util
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

LOCAL = ("http://127.0.0.1:", "ws://127.0.0.1:", "data:", "blob:", "about:")
RUN_TIMEOUT_MS = 600_000     # a notebook's Run All in quick mode on a slow, shared machine
STEP_TIMEOUT_MS = 60_000     # a widget's reply, a page's first view


def lab_copies():
    """book/lab.py as a module (book/ is no package): the copies `make lab` works on."""
    spec = importlib.util.spec_from_file_location(
        "book_lab", Path(__file__).resolve().parent.parent / "book" / "lab.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Lab:
    url: str
    token: str
    folder: Path
    log: Path

    def api(self, path: str, method: str = "GET"):
        """A JupyterLab REST call, e.g. api("kernels")."""
        request = urllib.request.Request(f"{self.url}api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as reply:
            body = reply.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        for kernel in self.api("kernels"):
            self.api(f"kernels/{kernel['id']}", method="DELETE")


@contextmanager
def lab_server(notebooks: Path, tmp: Path, timeout: float = 180.0):
    """JupyterLab in quick mode on the working copies `make lab` makes of notebooks (in tmp,
    by book/lab.py); yields a Lab."""
    folder = tmp / "lab"
    lab_copies().prepare(folder, notebooks)
    env = {**os.environ, "GAMEAI_QUICK": "1", "GAMEAI_RESULTS": str(tmp / "results"),
           "JUPYTER_CONFIG_DIR": str(tmp / "jupyter-config"),
           "JUPYTER_DATA_DIR": str(tmp / "jupyter-data"),
           "JUPYTER_RUNTIME_DIR": str(tmp / "jupyter-runtime"),
           "IPYTHONDIR": str(tmp / "ipython"), "JUPYTER_PLATFORM_DIRS": "1"}
    news = tmp / "jupyter-config" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    bin_dir = Path(sys.executable).parent
    subprocess.run([str(bin_dir / "jupyter"), "trust", *map(str, sorted(folder.glob("*.ipynb")))],
                   env=env, check=True, capture_output=True)
    port, token = free_port(), secrets.token_hex(16)
    log = tmp / "jupyterlab.log"
    with open(log, "w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
             f"--port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
             f"--ServerApp.root_dir={folder}", "--LabApp.expose_app_in_browser=True",
             "--LabApp.news_url=", "--LabApp.extension_manager=readonly",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             *(["--allow-root"] if os.geteuid() == 0 else [])],
            cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT)
    lab = Lab(f"http://127.0.0.1:{port}/", token, folder, log)
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                lab.api("status")
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start:\n" + log.read_text()[-3000:])
                time.sleep(0.5)
        yield lab
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# the open notebook's panel, and what its kernel reported (installed once per page)
PANEL = "window.jupyterapp.shell.currentWidget"
WATCH_KERNEL_JS = f"""() => {{
  const panel = {PANEL};
  window.__kernelErrors = [];
  panel.sessionContext.iopubMessage.connect((_, msg) => {{
    if (msg.header.msg_type === 'error')
      window.__kernelErrors.push(msg.content.ename + ': ' + msg.content.evalue);
  }});
}}"""
RUN_ALL_JS = f"""async (restart) => {{
  const panel = {PANEL};
  window.__runDone = null;
  if (restart) await panel.sessionContext.session.kernel.restart();
  window.jupyterapp.commands.execute('notebook:run-all-cells')
    .then(ok => {{ window.__runDone = {{ok}}; }})
    .catch(e => {{ window.__runDone = {{ok: false, error: String(e)}}; }});
}}"""
ERROR_OUTPUTS_JS = f"""() => {{
  const panel = {PANEL};
  const found = [];
  panel.content.widgets.forEach((cell, i) => {{
    if (cell.model.type !== 'code') return;
    for (const out of cell.model.outputs.toJSON())
      if (out.output_type === 'error') found.push(`cell ${{i}}: ${{out.ename}}: ${{out.evalue}}`);
  }});
  return found;
}}"""


@dataclass
class LabSession:
    """One browser page on a Lab: outside requests and kernel errors recorded, steps shot."""

    lab: Lab
    page: object
    shots: Path
    outside: list[str] = field(default_factory=list)
    steps: int = 0

    @classmethod
    def open(cls, context, lab: Lab, shots: Path) -> "LabSession":
        session = cls(lab, context.new_page(), shots)

        def route(r):
            if r.request.url.startswith(LOCAL):
                r.continue_()
            else:
                session.outside.append(r.request.url)
                r.abort()

        session.page.route("**/*", route)
        session.page.set_default_timeout(STEP_TIMEOUT_MS)
        shots.mkdir(parents=True, exist_ok=True)
        return session

    def shot(self, name: str) -> None:
        self.steps += 1
        self.page.screenshot(path=self.shots / f"{self.steps:02d}_{name}.png")

    def open_notebook(self, name: str) -> None:
        """Open a notebook of the copy (fresh workspace) and wait for its kernel."""
        self.page.goto(f"{self.lab.url}lab/tree/{name}?reset&token={self.lab.token}")
        ready = (f"window.jupyterapp && {PANEL} && {PANEL}.context && {PANEL}.context.isReady "
                 f"&& {PANEL}.context.path === {json.dumps(name)} "
                 f"&& {PANEL}.sessionContext.session && {PANEL}.sessionContext.session.kernel "
                 f"&& {PANEL}.sessionContext.session.kernel.status === 'idle'")
        self.page.wait_for_function(f"({ready}) || document.querySelector('.jp-Dialog')",
                                    timeout=STEP_TIMEOUT_MS * 3)
        dialog = self.page.locator(".jp-Dialog")
        if dialog.count():
            self.shot("dialog")
            raise AssertionError(f"JupyterLab opened a dialog: {dialog.inner_text()[:500]}")
        self.page.evaluate(WATCH_KERNEL_JS)
        self.shot(f"open_{Path(name).stem}")

    def poll(self, condition, timeout_ms: int = STEP_TIMEOUT_MS) -> None:
        """Wait until condition() holds, looking every quarter second (the page's events,
        such as requests, are handled meanwhile)."""
        deadline = time.monotonic() + timeout_ms / 1000
        while not condition():
            if time.monotonic() > deadline:
                raise TimeoutError(f"still not true after {timeout_ms} ms: {condition}")
            self.page.wait_for_timeout(250)

    def command(self, command: str) -> None:
        self.page.evaluate("c => window.jupyterapp.commands.execute(c)", command)

    def run_all(self, restart: bool = False) -> list[str]:
        """Run every cell (after a kernel restart); returns the error outputs, if any."""
        self.page.evaluate(RUN_ALL_JS, restart)
        self.page.wait_for_function("window.__runDone", timeout=RUN_TIMEOUT_MS, polling=500)
        self.shot("run_all")
        return self.page.evaluate(ERROR_OUTPUTS_JS)

    def kernel_errors(self) -> list[str]:
        return self.page.evaluate("window.__kernelErrors")

    def set_cell_source(self, index: int, source: str) -> None:
        """Replace a cell's text (as typing it would)."""
        self.page.evaluate(
            f"([i, s]) => {PANEL}.content.widgets[i].model.sharedModel.setSource(s)",
            [index, source])

    def cell_source(self, index: int) -> str:
        return self.page.evaluate(
            f"i => {PANEL}.content.widgets[i].model.sharedModel.getSource()", index)

    def first_code_cell(self) -> int:
        return self.page.evaluate(
            f"() => {PANEL}.content.widgets.findIndex(c => c.model.type === 'code')")
