import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { FeedbackConfig } from '../../../common/config.ts';
import { useThemeConfig } from '../../runtime/config.ts';
import { readStorage, writeStorage } from '../../runtime/storage.ts';
import { sendFeedback } from './send.ts';

/** `ask` first; `comment` after Yes or No; `thanks` once sent; `answered` when the reader answered this page before. */
type Step = 'ask' | 'comment' | 'thanks' | 'answered';

interface FormProps {
  config: FeedbackConfig;
  storageKey: string;
  route: string;
  title: string;
}

function Controls({ step, onAnswer, fieldId, field }: { step: Step; onAnswer: (helpful: boolean) => void; fieldId: string; field: RefObject<HTMLTextAreaElement | null> }) {
  // Keyed rows: React must not turn the No button into Send while its click is still being handled (it would submit).
  if (step === 'ask') {
    return (
      <div className="feedback__row" key="ask">
        <button type="button" className="feedback__button" onClick={() => onAnswer(true)}>Yes</button>
        <button type="button" className="feedback__button" onClick={() => onAnswer(false)}>No</button>
      </div>
    );
  }
  if (step !== 'comment') return null;
  return (
    <div className="feedback__row" key="comment">
      <textarea id={fieldId} ref={field} name="comment" className="feedback__comment" rows={2} maxLength={2000} />
      <button type="submit" className="feedback__button">Send</button>
    </div>
  );
}

function FeedbackForm({ config, storageKey, route, title }: FormProps) {
  const [step, setStep] = useState<Step>('ask');
  const [helpful, setHelpful] = useState(true);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // Read after hydration, so the server's markup is what hydrates.
  useEffect(() => {
    if (readStorage(storageKey) !== null) setStep('answered');
  }, [storageKey]);
  useEffect(() => {
    if (step === 'comment') field.current?.focus();
    if (step === 'thanks') status.current?.focus();
  }, [step]);
  const answer = (yes: boolean) => {
    sendFeedback(config, { page: route, title, helpful: yes });
    writeStorage(storageKey, yes ? 'yes' : 'no');
    setHelpful(yes);
    setStep('comment');
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const comment = field.current?.value.trim();
    if (comment) sendFeedback(config, { page: route, title, helpful, comment });
    setStep('thanks');
  };
  const done = step === 'thanks' || step === 'answered';
  return (
    <form className="feedback" aria-labelledby={`${id}q`} onSubmit={submit}>
      {done ? (
        <p id={`${id}q`} ref={status} className="feedback__text" role="status" tabIndex={-1}>
          {step === 'thanks' ? 'Thank you for your feedback!' : 'Thank you: you already told us whether this page helped.'}
        </p>
      ) : step === 'comment' ? (
        <label id={`${id}q`} htmlFor={`${id}c`} className="feedback__text">
          Thanks! What could we add or improve? (optional)
        </label>
      ) : (
        <p id={`${id}q`} className="feedback__text">{config.question}</p>
      )}
      <Controls step={step} onAnswer={answer} fieldId={`${id}c`} field={field} />
    </form>
  );
}

/**
 * "Was this page helpful?" at the end of a doc, when the config asks it: Yes or No, then an
 * optional comment, each sent as it is given (see send.ts); asked once per page per reader.
 * Its box keeps one height in every step, so nothing below it moves; without the client
 * script it is hidden (its buttons would do nothing).
 */
export function Feedback({ route, title }: { route: string; title: string }) {
  const site = useThemeConfig();
  if (!site?.feedback) return null;
  return <FeedbackForm key={route} config={site.feedback} storageKey={`${site.storage.feedbackPrefix}${route}`} route={route} title={title} />;
}
