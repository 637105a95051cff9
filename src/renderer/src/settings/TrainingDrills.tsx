import { useState } from 'react';
import {
  TRAINING_DRILL_TEXT,
  TRAINING_DRILLS,
  type TrainingDrill,
} from '../../../shared/domain/training-drills';
import type { TrainingDrillResult } from '../../../shared/ipc/contract/training';
import type { IpcError } from '../../../shared/ipc/result';
import { KeyButton } from '../components/KeyButton';
import { useText } from '../i18n/language-store';
import { callTill } from '../ipc/till-client';
import { useSettings } from './settings-store';
import './training-drills.css';

/**
 * 故障演練（練習模式）: a store rehearses a bad day before opening. Each button arms one fault of
 * the training service for the next sale (`training.drill`, with the PIN that unlocked Settings;
 * main checks it again and records the drill); the card then says what the cashier should see.
 */
export function TrainingDrills() {
  const t = useText();
  const [busy, setBusy] = useState(false);
  const [armed, setArmed] = useState<TrainingDrillResult | null>(null);
  const [error, setError] = useState<IpcError | null>(null);

  const arm = async (drill: TrainingDrill) => {
    setBusy(true);
    setArmed(null);
    setError(null);
    const pin = useSettings.getState().unlockedWith;
    const result = await callTill('training.drill', pin ? { drill, pin } : { drill });
    setBusy(false);
    if (result.ok) setArmed(result.value);
    else setError(result.error);
  };

  return (
    <section className="panel" data-testid="settings-training-drills">
      <h2 className="panel__title">{t({ zh: '故障演練（練習模式）', en: 'Fault drills (training)' })}</h2>
      <p className="hint">
        {t({
          zh: '開店前演練不順的一天：選一項演練，下一筆練習結帳就會遇到該狀況。',
          en: 'Rehearse a bad day before opening: pick a drill and the next training sale meets it.',
        })}
      </p>
      <div className="training-drills__buttons">
        {TRAINING_DRILLS.map((drill) => (
          <KeyButton
            key={drill}
            onClick={() => void arm(drill)}
            disabled={busy}
            title={t(TRAINING_DRILL_TEXT[drill].expect)}
            data-testid={`drill-${drill}`}
          >
            {t(TRAINING_DRILL_TEXT[drill].label)}
          </KeyButton>
        ))}
      </div>
      {error && (
        <p className="notice notice--warning" role="alert" data-testid="drill-error">
          {t(error.message)}
        </p>
      )}
      {armed && (
        <p className="notice notice--ok" role="status" data-testid="drill-armed">
          <strong>{t(armed.label)}</strong>
          {t({ zh: '：', en: ': ' })}
          {t(armed.expect)}
        </p>
      )}
    </section>
  );
}
