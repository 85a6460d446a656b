"""Bring a just-given verdict on screen: a tiny custom component (v2) that scrolls its own place into view.

Drawn just after the verdict and the next action. On a phone the page's settings fill the first screen, so
after an answer the verdict could sit below the fold; the browser scrolls once per answer (``token``), and
only when that place, or the verdict just above it, is off screen, so a rerun of the page does not move it again.
"""

from __future__ import annotations

import streamlit as st

HTML = '<div class="tt-into-view"></div>'
CSS = ".tt-into-view { height: 0; scroll-margin-bottom: 12px; }"
JS = """
const ABOVE = 260;  // px: room for a verdict of a few lines and the button under it
export default function ({ data, parentElement }) {
  const spot = parentElement.querySelector(".tt-into-view");
  if (!spot || !data || !data.token) return;
  const done = (window.__ttIntoView = window.__ttIntoView || {});
  if (done[data.token]) return;
  done[data.token] = true;
  // Looked at again as the page settles: what is drawn around the verdict can still move it for a moment.
  // The verdict and the next action sit just above this spot, so a spot near the top means they are above it.
  const look = () => {
    const r = spot.getBoundingClientRect();
    const above = Math.min(ABOVE, window.innerHeight / 2);
    if (r.bottom > window.innerHeight - 4 || r.top < above) spot.scrollIntoView({ block: "end", behavior: "instant" });
  };
  requestAnimationFrame(look);
  for (const ms of [250, 750, 1500, 3000]) setTimeout(look, ms);
}
"""

_mount = st.components.v2.component("tarot_tutor.into_view", html=HTML, css=CSS, js=JS)


def into_view(token: str, *, key: str) -> None:
    """Scroll this place on screen once for ``token`` (one answer)."""
    _mount(key=key, data={"token": token})
