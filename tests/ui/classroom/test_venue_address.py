"""The address learners join at (issue 26): ``TUTOR_PUBLIC_URL`` goes into the join link and the QR code,
read back from the PNG the page sent with a QR decoder; the teacher sees the address and a warning, with
the fix, when it is the computer itself."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from class_pages import HASH, present, set_quiz, unlocked_teacher
from PIL import Image
from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

from tutor.classroom import address, passphrase
from tutor.classroom.qr import join_qr_png


@pytest.fixture(autouse=True)
def _teacher_hash(monkeypatch):
    monkeypatch.setenv(passphrase.ENV_VAR, HASH)
    monkeypatch.delenv(address.ENV_VAR, raising=False)


@pytest.fixture
def sent_pngs(monkeypatch):
    """Every PNG a page hands the browser, by the file id in its address."""
    sent: dict[str, bytes] = {}
    original = MemoryMediaFileStorage.load_and_get_id

    def spy(self, data, mimetype, kind, filename=None):
        file_id = original(self, data, mimetype, kind, filename)
        if mimetype == "image/png" and isinstance(data, bytes):
            sent[file_id] = data
        return file_id
    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    return sent


def decode(png: bytes) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"))]


def warnings(at) -> str:
    return " ".join(w.value for w in at.warning) + " ".join(w.value for w in at.sidebar.warning)


def captions(at) -> str:
    return " ".join(c.value for c in at.caption) + " ".join(c.value for c in at.sidebar.caption)


@pytest.mark.parametrize("link", ["https://tarot.example.org/class?code=8K7HXN",
                                  "http://192.168.1.20:8501/club/class?code=ABC234"])
def test_the_qr_code_reads_back_as_its_link(link):
    assert decode(join_qr_png(link)) == [link]


def test_the_public_address_goes_into_the_link_and_the_projected_qr_code(monkeypatch, sent_pngs):
    monkeypatch.setenv(address.ENV_VAR, "https://tarot.example.org/club/")
    teacher = unlocked_teacher()
    teacher.context["url"] = "http://localhost:8501/teacher"  # the projector laptop's own browser
    code = set_quiz(teacher, count=1)
    want = f"https://tarot.example.org/club/class?code={code}"
    assert teacher.code[0].value == want
    assert "**https://tarot.example.org/club** (set by TUTOR_PUBLIC_URL)" in captions(teacher)
    assert not warnings(teacher)
    present(teacher)
    (img,) = teacher.main.get("image")
    file_id = img.proto.imgs[0].url.rsplit("/", 1)[1].split(".")[0]
    assert decode(sent_pngs[file_id]) == [want]  # the image the page sent, read as a phone reads it


@pytest.mark.parametrize("browser", ["http://localhost:8501/teacher", "http://127.0.0.1:8501/teacher",
                                     "http://0.0.0.0:8501/teacher"])
def test_without_the_setting_a_local_browser_address_is_warned_about_with_the_fix(browser, sent_pngs):
    teacher = unlocked_teacher()
    teacher.context["url"] = browser
    code = set_quiz(teacher, count=1)
    base = browser.rsplit("/", 1)[0]
    assert teacher.code[0].value == f"{base}/class?code={code}"
    said = warnings(teacher)
    host = browser.split("//")[1].split(":")[0]
    assert f"opened the app as `{host}`" in said and "phones cannot open it" in said
    assert "Set `TUTOR_PUBLIC_URL`" in said and ".streamlit/secrets.toml" in said
    present(teacher)  # the sidebar says it too while presenting
    assert "phones cannot open it" in " ".join(w.value for w in teacher.sidebar.warning)
    (img,) = teacher.main.get("image")
    assert decode(sent_pngs[img.proto.imgs[0].url.rsplit("/", 1)[1].split(".")[0]]) == [f"{base}/class?code={code}"]


def test_a_local_setting_is_warned_about_and_a_network_browser_address_is_not(monkeypatch):
    monkeypatch.setenv(address.ENV_VAR, "http://localhost:8501")
    teacher = unlocked_teacher()
    teacher.context["url"] = "http://192.168.1.20:8501/teacher"
    set_quiz(teacher, count=1)
    assert "`TUTOR_PUBLIC_URL` is `http://localhost:8501`, which is this computer itself" in warnings(teacher)
    monkeypatch.delenv(address.ENV_VAR)
    teacher.run()
    assert not warnings(teacher)
    assert "**http://192.168.1.20:8501** (the address of this page)" in captions(teacher)


def test_the_setting_is_read_from_streamlit_secrets_too(monkeypatch):
    teacher = unlocked_teacher()
    teacher.secrets[address.ENV_VAR] = "https://club.example.org"
    teacher.secrets[passphrase.ENV_VAR] = HASH
    code = set_quiz(teacher, count=1)
    assert teacher.code[0].value == f"https://club.example.org/class?code={code}"


@pytest.mark.parametrize("setting, browser, link, source, warned", [
    ("https://tarot.example.org", "http://localhost:8501/teacher", "https://tarot.example.org/class?code=C", "setting",
     False),
    ("http://[::1]:8501", "", "http://[::1]:8501/class?code=C", "setting", True),
    ("ftp://tarot.example.org", "http://10.0.0.5:8501/teacher", "http://10.0.0.5:8501/class?code=C", "browser", True),
    ("https://tarot.example.org:99999", "", "/class?code=C", "unknown", True),  # not a port
    ("", "http://10.0.0.5:8501/teacher", "http://10.0.0.5:8501/class?code=C", "browser", False),
    ("", "http://10.0.0.5:8501", "http://10.0.0.5:8501/class?code=C", "browser", False),  # the home page
    ("", "http://localhost:8501/teacher", "http://localhost:8501/class?code=C", "browser", True),
    ("", "", "/class?code=C", "unknown", False),
])
def test_choosing_the_address(setting, browser, link, source, warned):
    a = address.choose(setting, browser)
    assert (a.link("C"), a.source, bool(a.problem)) == (link, source, warned)


def test_the_setting_comes_from_the_environment_before_the_secrets():
    assert address.configured({address.ENV_VAR: " https://a.example "}, {address.ENV_VAR: "https://b.example"}) \
        == "https://a.example"
    assert address.configured({}, {address.ENV_VAR: "https://b.example"}) == "https://b.example"
    assert address.configured({}, {}) == ""
