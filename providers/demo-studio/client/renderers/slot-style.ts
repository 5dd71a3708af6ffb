import { addStyle } from '../dom.ts'

// The slot page's CSS. The shell's page has a CSP with a nonce: the style goes in through the
// shell's addStyle (a <style> carrying the page's nonce), never inline style attributes.

let added = false

/** The slot CSS, once per page. */
export function addSlotStyle(): void {
  if (added) return
  added = true
  addStyle(SLOT_CSS)
}

export const SLOT_CSS = `
.sl{--sl-accent:#f6c445;position:relative;display:flex;flex-direction:column;align-items:center;justify-content:center;
  gap:6px;width:100%;height:100%;min-height:0;color:#fff;user-select:none;-webkit-user-select:none}
.sl-top{display:flex;align-items:center;justify-content:center;gap:6px;min-height:28px;max-width:100%;flex-wrap:wrap}
.sl-chip{display:inline-flex;align-items:center;gap:4px;padding:3px 9px;border-radius:999px;font-size:12px;font-weight:700;
  background:rgba(0,0,0,.42);border:1px solid rgba(255,255,255,.16);font-variant-numeric:tabular-nums;white-space:nowrap;
  transition:background .2s,color .2s,transform .2s}
.sl-chip.is-on{background:var(--sl-accent);color:#141018;border-color:transparent;transform:scale(1.08)}
.sl-chip b{font-weight:800}
.sl-banner{display:flex;align-items:center;gap:8px;padding:4px 12px;border-radius:999px;font-weight:800;font-size:13px;
  background:linear-gradient(90deg,rgba(0,0,0,.55),rgba(0,0,0,.35));border:1px solid var(--sl-accent);
  box-shadow:0 0 16px color-mix(in srgb,var(--sl-accent) 45%,transparent);white-space:nowrap;font-variant-numeric:tabular-nums}
.sl-banner[hidden],.sl-info[hidden]{display:none}
.sl-banner span{color:var(--sl-accent)}
.sl-info{display:flex;gap:6px;flex-wrap:wrap;justify-content:center}
.sl-frame{position:relative;flex:none;padding:8px;border-radius:20px;
  background:linear-gradient(160deg,color-mix(in srgb,var(--sl-accent) 55%,#fff) 0%,var(--sl-accent) 18%,
    color-mix(in srgb,var(--sl-accent) 40%,#000) 55%,color-mix(in srgb,var(--sl-accent) 70%,#fff) 100%);
  box-shadow:0 14px 40px rgba(0,0,0,.55),0 0 0 1px rgba(0,0,0,.5)}
.sl-board{direction:ltr;position:relative;display:grid;gap:6px;width:100%;height:100%;padding:0;border-radius:13px;overflow:hidden;
  background:linear-gradient(180deg,rgba(8,6,18,.92),rgba(20,16,36,.86) 50%,rgba(8,6,18,.92))}
.sl-board::after{content:"";position:absolute;inset:0;pointer-events:none;border-radius:13px;
  background:linear-gradient(180deg,rgba(0,0,0,.45),transparent 14%,transparent 86%,rgba(0,0,0,.45));
  box-shadow:inset 0 0 0 1px rgba(255,255,255,.08)}
.sl-reel{position:relative;display:flex;flex-direction:column;gap:6px;min-height:0;overflow:hidden;border-radius:10px;
  background:linear-gradient(90deg,rgba(255,255,255,.02),rgba(255,255,255,.07) 50%,rgba(255,255,255,.02))}
.sl-cell{position:relative;flex:1 1 0;min-height:0;display:flex;align-items:center;justify-content:center;border-radius:10px;
  background:radial-gradient(circle at 50% 45%,rgba(255,255,255,.07),rgba(255,255,255,.015) 70%);
  transition:opacity .25s,filter .25s,transform .25s}
.sl-cell>svg{width:86%;height:86%;max-width:100%;filter:drop-shadow(0 3px 3px rgba(0,0,0,.5));overflow:visible}
.sl-reel.is-spinning>.sl-cell{visibility:hidden}
.sl-strip{position:absolute;left:0;right:0;top:0;display:flex;flex-direction:column;gap:6px;
  animation:sl-roll var(--sl-roll,180ms) linear infinite;filter:blur(1.6px) saturate(1.2)}
@keyframes sl-roll{from{transform:translateY(calc(-50% - 3px))}to{transform:translateY(0)}}
.sl-land{animation:sl-land .32s cubic-bezier(.3,1.6,.5,1)}
@keyframes sl-land{from{transform:translateY(-18%)}to{transform:none}}
.sl-cell.is-win{z-index:1;background:radial-gradient(circle,color-mix(in srgb,var(--sl-accent) 45%,transparent),transparent 70%);
  box-shadow:inset 0 0 0 2px var(--sl-accent),inset 0 0 16px color-mix(in srgb,var(--sl-accent) 55%,transparent);animation:sl-pulse .6s ease-in-out 2}
.sl-cell.is-dim{opacity:.35;filter:saturate(.4)}
.sl-cell.is-pop{transform:scale(0);opacity:0;transition:transform .22s ease-in,opacity .22s ease-in}
@keyframes sl-pulse{50%{transform:scale(1.08)}}
.sl-cell.is-empty>svg{opacity:.14;filter:grayscale(1)}
.sl-cell.is-locked{background:radial-gradient(circle,color-mix(in srgb,var(--sl-accent) 35%,transparent),transparent 72%);
  box-shadow:inset 0 0 0 2px color-mix(in srgb,var(--sl-accent) 80%,#fff)}
.sl-cell.is-rolling>svg{animation:sl-blink .3s linear infinite}
@keyframes sl-blink{50%{opacity:.05}}
.sl-coin{position:absolute;left:50%;bottom:6%;transform:translateX(-50%);padding:1px 6px;border-radius:999px;max-width:96%;
  overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-weight:800;font-size:max(10px,calc(var(--sl-cell,80px) * .15));
  color:#1b1200;background:linear-gradient(#fff3b0,#f6c445);box-shadow:0 1px 3px rgba(0,0,0,.6);font-variant-numeric:tabular-nums}
.sl-coin.is-jackpot{background:linear-gradient(#ffd1f4,#ff4fd8);color:#2a0020;text-transform:uppercase}
.sl-lines{position:absolute;inset:0;width:100%;height:100%;pointer-events:none;overflow:visible;z-index:2}
.sl-lines polyline{fill:none;stroke:var(--sl-accent);stroke-width:4;stroke-linejoin:round;stroke-linecap:round;
  vector-effect:non-scaling-stroke;filter:drop-shadow(0 0 4px rgba(0,0,0,.9))}
.sl-lines polyline.is-halo{stroke:#fff;stroke-width:8;opacity:.35}
.sl-mult{position:absolute;top:-13px;right:18px;z-index:3;padding:4px 10px;border-radius:999px;font-weight:900;font-size:16px;
  background:var(--sl-accent);color:#141018;box-shadow:0 4px 12px rgba(0,0,0,.5)}
.sl-mult[hidden]{display:none}
.sl-overlay{position:absolute;inset:0;z-index:4;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:10px;
  padding:16px;text-align:center;border-radius:20px;background:rgba(6,4,14,.72);backdrop-filter:blur(2px)}
.sl-overlay[hidden]{display:none}
.sl-overlay h2{margin:0;font-size:clamp(22px,7vw,44px);font-weight:900;letter-spacing:.03em;text-transform:uppercase;
  color:var(--sl-accent);text-shadow:0 0 18px color-mix(in srgb,var(--sl-accent) 70%,transparent),0 3px 0 rgba(0,0,0,.6)}
.sl-overlay p{margin:0;font-size:clamp(18px,5.5vw,32px);font-weight:800;font-variant-numeric:tabular-nums}
.sl-overlay .sl-ask{font-size:16px;font-weight:600;max-width:22em}
.sl-overlay .sl-row{display:flex;gap:10px;flex-wrap:wrap;justify-content:center}
.sl-pop{animation:sl-zoom .45s cubic-bezier(.3,1.6,.5,1)}
@keyframes sl-zoom{from{transform:scale(.4);opacity:0}to{transform:none;opacity:1}}
.sl-winbar{min-height:26px;display:flex;align-items:center;justify-content:center;gap:8px;font-weight:700;font-size:14px;
  font-variant-numeric:tabular-nums;text-shadow:0 1px 4px rgba(0,0,0,.7);opacity:.85}
.sl-winbar.is-win{opacity:1;font-size:18px;color:var(--sl-accent)}
.sl-btn{min-height:40px;padding:0 16px;border-radius:999px;border:1px solid rgba(255,255,255,.25);background:rgba(0,0,0,.45);
  color:#fff;font:inherit;font-weight:700;cursor:pointer}
.sl-btn.is-main{background:var(--sl-accent);color:#141018;border-color:transparent}
.sl-buy{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;line-height:1.1;min-height:44px;
  padding:4px 14px;border-radius:14px;border:1px solid var(--sl-accent);background:rgba(0,0,0,.5);color:#fff;font:inherit;
  font-size:12px;font-weight:800;cursor:pointer;text-transform:uppercase;letter-spacing:.03em}
.sl-buy small{font-size:11px;color:var(--sl-accent);text-transform:none;letter-spacing:0}
.sl-spin{position:relative;width:68px;height:68px;flex:none;border-radius:50%;cursor:pointer;color:#141018;font:inherit;
  border:3px solid rgba(255,255,255,.85);display:inline-flex;flex-direction:column;align-items:center;justify-content:center;gap:0;
  background:radial-gradient(circle at 35% 30%,color-mix(in srgb,var(--sl-accent) 40%,#fff),var(--sl-accent) 55%,
    color-mix(in srgb,var(--sl-accent) 60%,#000));box-shadow:0 6px 18px rgba(0,0,0,.5),inset 0 -3px 6px rgba(0,0,0,.25)}
.sl-spin svg{width:30px;height:30px}
.sl-spin span{font-size:10px;font-weight:900;text-transform:uppercase;letter-spacing:.04em;max-width:60px;overflow:hidden;
  text-overflow:ellipsis;white-space:nowrap}
.sl-spin.is-busy svg{animation:sl-turn .8s linear infinite}
@keyframes sl-turn{to{transform:rotate(360deg)}}
.sl-spin:disabled,.sl-buy:disabled,.sl-btn:disabled{opacity:.5;cursor:not-allowed}
.sl-spin:focus-visible,.sl-buy:focus-visible,.sl-btn:focus-visible{outline:3px solid #fff;outline-offset:3px;
  box-shadow:0 0 0 6px color-mix(in srgb,var(--sl-accent) 70%,transparent)}
.sl-controls{display:inline-flex;align-items:center;gap:10px}
.sl-rules{display:grid;gap:10px;font-size:14px;line-height:1.4}
.sl-rules h3{margin:6px 0 0;font-size:15px}
.sl-rules p{margin:0}
.sl-pays{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:6px}
.sl-pays li{display:flex;align-items:center;gap:8px;padding:6px;border-radius:10px;background:rgba(255,255,255,.06)}
.sl-pays svg{width:44px;height:44px;flex:none}
.sl-pays dl{margin:0;display:grid;grid-template-columns:auto auto;column-gap:8px;font-size:13px;font-variant-numeric:tabular-nums}
.sl-pays dt{font-weight:800;opacity:.8}
.sl-pays dd{margin:0;text-align:end}
.sl-pays .sl-name{display:block;font-size:11px;opacity:.75}
.sl-lineset{display:flex;flex-wrap:wrap;gap:6px;direction:ltr}
.sl-lineset figure{margin:0;display:flex;flex-direction:column;align-items:center;font-size:10px;opacity:.9}
.sl-lineset svg{width:54px;height:auto;border-radius:4px;background:rgba(255,255,255,.06)}
.sl-lineset rect{fill:rgba(255,255,255,.12)}
.sl-lineset rect.on{fill:var(--sl-accent)}
.sl-rules ul.sl-list{margin:0;padding-inline-start:18px}
.sl-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:420px){.sl-spin{width:60px;height:60px}.sl-spin svg{width:26px;height:26px}.sl-frame{padding:6px;border-radius:16px}
  .sl-board,.sl-reel,.sl-cell{gap:4px}.sl-chip{font-size:11px;padding:2px 7px}.sl-buy{padding:3px 10px;font-size:11px}}
@media (prefers-reduced-motion:reduce){.sl-cell.is-win,.sl-land,.sl-pop,.sl-spin.is-busy svg{animation:none}}
`
