"""The look of the chat UI: theme, CSS and the small script that opens citations.
Only local fonts: the page must render with no network."""

from __future__ import annotations

import gradio as gr

THEME = gr.themes.Default(
    primary_hue="indigo",
    neutral_hue="slate",
    radius_size="sm",
    spacing_size="sm",
    text_size="md",
)

CSS = """
.gradio-container { max-width: 1480px !important; }
#pc-top { align-items: center; gap: 1rem; }
#pc-top h1 { font-size: 1.35rem; margin: 0; letter-spacing: -0.01em; }
#pc-top .pc-sub { color: var(--body-text-color-subdued); font-size: .85rem; }
.pc-status { display: flex; gap: .5rem; flex-wrap: wrap; justify-content: flex-end; }
.pc-chip { border: 1px solid var(--border-color-primary); border-radius: 999px;
  padding: .15rem .7rem; font-size: .82rem; color: var(--body-text-color-subdued);
  background: var(--background-fill-secondary); }
.pc-chip b { color: var(--body-text-color); font-weight: 600; }
.pc-dot { display: inline-block; width: .55rem; height: .55rem; border-radius: 50%;
  margin: 0 .3rem 0 .5rem; background: #9ca3af; }
.pc-dot.pc-ok { background: #16a34a; } .pc-dot.pc-wait { background: #d97706; }
.pc-dot.pc-bad { background: #dc2626; }

/* citations: [n] opens its passage on hover, focus or click */
.pc-cite { position: relative; display: inline-block; cursor: pointer; font-weight: 600;
  font-size: .8em; line-height: 1.2; padding: 0 .25em; margin: 0 .05em; border-radius: 4px;
  color: var(--color-accent); background: var(--color-accent-soft); vertical-align: .15em; }
.pc-cite:focus { outline: 2px solid var(--color-accent); outline-offset: 1px; }
.pc-pop { display: none; position: absolute; z-index: 60; left: 0; top: 1.6em;
  width: 30rem; max-width: 62vw; padding: .6rem .75rem; text-align: left; white-space: normal;
  font-weight: 400; font-size: .86rem; line-height: 1.45; color: var(--body-text-color);
  background: var(--background-fill-primary); border: 1px solid var(--border-color-primary);
  border-radius: 6px; box-shadow: 0 8px 24px rgba(15, 23, 42, .18); cursor: auto; }
.pc-cite:hover .pc-pop, .pc-cite:focus .pc-pop, .pc-cite.is-open .pc-pop { display: block; }
.pc-pop > span, .pc-paper > span, .pc-paper > a { display: block; }
.pc-name { font-weight: 600; }
.pc-title { font-style: italic; }
.pc-authors, .pc-area, .pc-when { color: var(--body-text-color-subdued); font-size: .92em; }
.pc-link { font-size: .9em; word-break: break-all; }
mark, .pc-quote { background: #fef3c7; color: inherit; padding: 0 .1em; border-radius: 2px; }
.pc-pop .pc-quote { display: block; margin-top: .4rem; padding: .35rem .5rem;
  border-left: 3px solid #f59e0b; max-height: 13rem; overflow-y: auto; }

/* notes in the chat */
.pc-note { display: inline-block; font-size: .9rem; }
.pc-note.pc-wait { color: var(--body-text-color-subdued); }
.pc-note.pc-wait::before { content: ""; display: inline-block; width: .6rem; height: .6rem;
  margin-right: .45rem; border-radius: 50%; border: 2px solid #d97706;
  border-right-color: transparent; animation: pc-spin 1s linear infinite; }
.pc-note.pc-warn { color: #92400e; }
.pc-note.pc-error { color: #b91c1c; font-weight: 500; }
.pc-note.pc-meta { color: var(--body-text-color-subdued); font-size: .78rem; }
.pc-caret::after { content: "▍"; color: var(--color-accent);
  animation: pc-blink 1s steps(1) infinite; }
@keyframes pc-spin { to { transform: rotate(360deg); } }
@keyframes pc-blink { 50% { opacity: 0; } }

/* sources panel */
.pc-count { font-size: .8rem; color: var(--body-text-color-subdued); margin: .1rem 0 .4rem; }
.pc-src { border: 1px solid var(--border-color-primary); border-left: 3px solid #cbd5e1;
  border-radius: 6px; padding: .5rem .65rem; margin-bottom: .5rem; font-size: .86rem;
  line-height: 1.45; background: var(--background-fill-primary); transition: background .3s; }
.pc-src.is-cited { border-left-color: var(--color-accent); }
.pc-src.pc-active { background: #fffbeb; box-shadow: 0 0 0 2px #f59e0b; }
.pc-src-head { display: flex; align-items: center; gap: .4rem; margin-bottom: .2rem; }
.pc-num { font-weight: 700; color: var(--color-accent); }
.pc-badge { font-size: .7rem; text-transform: uppercase; letter-spacing: .04em;
  color: var(--body-text-color-subdued); border: 1px solid var(--border-color-primary);
  border-radius: 4px; padding: 0 .3rem; }
.pc-badge.pc-cited { color: #fff; background: var(--color-accent); border-color: transparent; }
.pc-text { margin-top: .35rem; color: var(--body-text-color); }
.pc-banner { border-radius: 6px; padding: .5rem .65rem; margin-bottom: .5rem; font-size: .86rem;
  background: var(--background-fill-secondary); }
.pc-banner.pc-error { background: #fef2f2; color: #991b1b; border: 1px solid #fecaca; }
.pc-empty { color: var(--body-text-color-subdued); font-size: .86rem; padding: 1rem 0; }

/* comparison table */
.pc-compare { border-collapse: collapse; width: 100%; font-size: .86rem; line-height: 1.45; }
.pc-compare th, .pc-compare td { border: 1px solid var(--border-color-primary);
  padding: .45rem .55rem; vertical-align: top; text-align: left; }
.pc-compare thead th { background: var(--background-fill-secondary); font-weight: 600; }
.pc-compare tbody th { width: 9rem; font-weight: 600; text-transform: capitalize;
  background: var(--background-fill-secondary); }
.pc-compare td.pc-missing { color: var(--body-text-color-subdued); font-style: italic; }
#pc-compare-out { overflow-x: auto; }
#pc-lib-table, #pc-report { --font-mono: var(--font); }
"""

# Clicking [n] pins its passage open and highlights it in the sources panel. The popover is
# placed with fixed coordinates so that no scrolling container clips it.
JS = """
() => {
  const placePop = (cite) => {
    const pop = cite.querySelector('.pc-pop');
    if (!pop) { return; }
    pop.style.display = 'block';
    const r = cite.getBoundingClientRect();
    const w = pop.offsetWidth, h = pop.offsetHeight;
    let top = r.bottom + 6;
    if (top + h > window.innerHeight - 8 && r.top - h - 6 > 8) { top = r.top - h - 6; }
    pop.style.position = 'fixed';
    pop.style.left = Math.max(8, Math.min(r.left, window.innerWidth - w - 12)) + 'px';
    pop.style.top = top + 'px';
    pop.style.display = '';
  };
  const highlightSource = (cite) => {
    document.querySelectorAll('.pc-src.pc-active').forEach((e) => e.classList.remove('pc-active'));
    const target = document.getElementById(cite.dataset.src || '');
    if (target) {
      target.classList.add('pc-active');
      target.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    }
  };
  const closeAll = (except) => document.querySelectorAll('.pc-cite.is-open').forEach((e) => {
    if (e !== except) { e.classList.remove('is-open'); }
  });
  document.addEventListener('mouseover', (ev) => {
    const cite = ev.target.closest && ev.target.closest('.pc-cite');
    if (cite && !(ev.relatedTarget && cite.contains(ev.relatedTarget))) {
      placePop(cite);
      highlightSource(cite);
    }
  });
  document.addEventListener('click', (ev) => {
    const cite = ev.target.closest && ev.target.closest('.pc-cite');
    if (cite && ev.target.closest('.pc-pop')) { return; }
    closeAll(cite);
    if (!cite) { return; }
    cite.classList.toggle('is-open');
    placePop(cite);
    highlightSource(cite);
  });
  document.addEventListener('keydown', (ev) => {
    const cite = ev.target.classList && ev.target.classList.contains('pc-cite') ? ev.target : null;
    if (cite && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); cite.click(); }
    if (ev.key === 'Escape') { closeAll(null); }
  });
  document.addEventListener('focusin', (ev) => {
    const cite = ev.target.closest && ev.target.closest('.pc-cite');
    if (cite) { placePop(cite); }
  });
  document.addEventListener('scroll', () => document
    .querySelectorAll('.pc-cite.is-open, .pc-cite:focus, .pc-cite:hover').forEach(placePop), true);
}
"""
