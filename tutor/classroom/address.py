"""The address learners use to join a class quiz: the one the join link and its QR code carry.

The teacher's browser often opened the app as ``http://localhost:8501`` (the projector laptop runs
the server), an address no phone can open. So the server can be told its public address:
``TUTOR_PUBLIC_URL`` (an environment variable, or a key in ``.streamlit/secrets.toml``), e.g.
``https://tarot.example.org`` or ``http://192.168.1.20:8501``. Without it the browser's own address
is used, and the teacher page warns when that (or the setting) points at the computer itself.

>>> a = choose("https://tarot.example.org/club/", "http://localhost:8501")
>>> a.link("8K7HXN"), a.source, a.problem
('https://tarot.example.org/club/class?code=8K7HXN', 'setting', '')
>>> a = choose("", "http://localhost:8501")
>>> a.link("8K7HXN"), a.source, a.local
('http://localhost:8501/class?code=8K7HXN', 'browser', True)
>>> choose("tarot.example.org", "http://10.0.0.5:8501").link("8K7HXN")  # not a web address: ignored
'http://10.0.0.5:8501/class?code=8K7HXN'
>>> [is_local(u) for u in ("http://127.0.0.2:8501", "http://0.0.0.0", "http://[::1]:80", "http://app.localhost",
...                        "http://192.168.1.20:8501", "https://tarot.example.org", "/")]
[True, True, True, True, False, False, False]
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from urllib.parse import urlsplit

ENV_VAR = "TUTOR_PUBLIC_URL"
MAX_LENGTH = 300  # characters: longer is not an address anybody types, and makes a QR code too dense
EXAMPLE = "http://192.168.1.20:8501"  # a laptop on the room's network (README, Serving on a network)

HOW_TO_FIX = (f"Set `{ENV_VAR}` to the address phones use: this computer's address on the room's network "
              f"(e.g. `{EXAMPLE}`, with the app started with `--server.address 0.0.0.0`) or the server's name "
              f"(e.g. `https://tarot.example.org`), as an environment variable or a line "
              f"`{ENV_VAR} = \"…\"` in `.streamlit/secrets.toml`, then restart the app.")


def configured(environ=None, secrets_=None) -> str:
    """The setting from the environment, else from Streamlit secrets; '' when none is set."""
    environ = os.environ if environ is None else environ
    for source in (environ, secrets_ or {}):
        value = str(source.get(ENV_VAR, "") or "").strip()
        if value:
            return value
    return ""


def is_web_address(url: str) -> bool:
    """True for an absolute http(s) address with a host, on one line, of a sensible length."""
    if not url or len(url) > MAX_LENGTH or any(c.isspace() for c in url):
        return False
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def is_local(url: str) -> bool:
    """True when ``url`` names the computer itself (loopback or "any address"): no phone can open it."""
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def base_of(browser_url: str | None) -> str:
    """The app's root from the address the browser shows for a page (``…/teacher`` → ``…``)."""
    url = (browser_url or "").split("?")[0].split("#")[0].rstrip("/")
    return url.rsplit("/", 1)[0] if url.count("/") > 2 else url


@dataclass(frozen=True)
class JoinAddress:
    base: str  # the app's root, no slash at the end; '' when unknown (the link is then relative)
    source: str  # "setting", "browser" or "unknown"
    problem: str  # '' or what is wrong with it and how to fix it, for the teacher

    @property
    def local(self) -> bool:
        return is_local(self.base)

    def link(self, code: str) -> str:
        return f"{self.base}/class?code={code}"


def choose(setting: str, browser_url: str | None) -> JoinAddress:
    """The address for the join link: the setting when it is a web address, else the browser's."""
    setting = (setting or "").strip()
    browser = base_of(browser_url)
    if setting and is_web_address(setting):
        base = setting.rstrip("/")
        if is_local(base):
            return JoinAddress(base, "setting", f"`{ENV_VAR}` is `{base}`, which is this computer itself: "
                                                f"phones cannot open it. {HOW_TO_FIX}")
        return JoinAddress(base, "setting", "")
    bad = (f"`{ENV_VAR}` is not a web address (it must start with `http://` or `https://`), so the address "
           "this browser used is put in the QR code instead. ") if setting else ""
    if not browser:  # no browser behind the page (a test run, an older Streamlit): a relative link
        return JoinAddress("", "unknown", bad.strip())
    if is_local(browser):
        host = urlsplit(browser).hostname
        return JoinAddress(browser, "browser", bad + f"This browser opened the app as `{host}`, which is this "
                                                     f"computer itself: phones cannot open it. {HOW_TO_FIX}")
    return JoinAddress(browser, "browser", bad.strip())
