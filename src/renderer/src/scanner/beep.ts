/**
 * The sound of a scan that found nothing: two short low tones from WebAudio (no asset to ship).
 * Each beep is also counted on `<html data-error-beeps>`, which the e2e tests read. Silent where
 * there is no audio (a test browser without output): the message on screen still says it.
 */
let context: AudioContext | null = null;
let beeps = 0;

export function beepError(): void {
  beeps++;
  if (typeof document !== 'undefined') document.documentElement.dataset.errorBeeps = String(beeps);
  try {
    const AudioCtor = globalThis.AudioContext as typeof AudioContext | undefined;
    if (!AudioCtor) return;
    context ??= new AudioCtor();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    for (const offset of [0, 0.18]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = 440;
      gain.gain.setValueAtTime(0.15, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.14);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.15);
    }
  } catch {
    // no sound: the message on screen still says it
  }
}
