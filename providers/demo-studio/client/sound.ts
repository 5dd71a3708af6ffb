import type { SoundName } from './renderer.ts'

// The page's sounds: short tones synthesised with Web Audio (no files to load). Off until the
// player turns them on; the choice is kept for the studio's pages in this browser.

const TONES: Record<SoundName, { notes: number[]; length: number; type: OscillatorType }> = {
  spin: { notes: [220, 247], length: 0.06, type: 'triangle' },
  stop: { notes: [180], length: 0.05, type: 'square' },
  card: { notes: [660], length: 0.03, type: 'triangle' },
  click: { notes: [880], length: 0.02, type: 'sine' },
  win: { notes: [523, 659, 784], length: 0.1, type: 'triangle' },
  'big-win': { notes: [523, 659, 784, 1047, 1319], length: 0.12, type: 'triangle' },
  lose: { notes: [196, 165], length: 0.09, type: 'sine' },
}

const KEY = 'demo-studio:sound'

export function createSound() {
  let on = false
  try {
    on = localStorage.getItem(KEY) === "on"
  } catch {
    on = false
  }
  let audio: AudioContext | null = null
  return {
    enabled: () => on,
    enable(value: boolean) {
      on = value
      try {
        localStorage.setItem(KEY, value ? 'on' : 'off')
      } catch {
        // Storage may be closed to framed pages: the choice lasts for this page.
      }
    },
    play(name: SoundName) {
      if (!on) return
      audio ??= new AudioContext()
      const { notes, length, type } = TONES[name]
      const start = audio.currentTime
      notes.forEach((frequency, index) => {
        if (!audio) return
        const oscillator = audio.createOscillator()
        const gain = audio.createGain()
        oscillator.type = type
        oscillator.frequency.value = frequency
        const at = start + index * length
        gain.gain.setValueAtTime(0.0001, at)
        gain.gain.exponentialRampToValueAtTime(0.12, at + 0.01)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        oscillator.connect(gain).connect(audio.destination)
        oscillator.start(at)
        oscillator.stop(at + length + 0.02)
      })
    },
  }
}
