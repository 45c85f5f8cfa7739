import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { controlProps, serverFieldErrors, type FieldErrors } from './form-field.tsx';

/**
 * A form of text fields with the flow every account form shares: the fields' values and errors,
 * `bind` for each input (typing clears that field's error), and `submit`, which checks on the
 * device first, sends once at a time, and marks the fields the server refused.
 */
export function useForm<F extends string, Other extends string = never>(
  initial: Record<F, string>,
  /** Every field's label, fields that are not text (files: `Other`) included. */
  labels: Record<F | Other, string>,
) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F | Other>>({});
  const [sending, setSending] = useState(false);

  const bind = (field: F) => ({
    ...controlProps(`${id}-${field}`, errors[field]),
    name: field,
    value: values[field],
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  /**
   * The form's submit handler. `check` answers the fields' problems (none: it is sent); `invalid`
   * is told of them. `send` sends; a refusal marks the fields the server named and goes to
   * `refused`. `leaving`: a success moves to another screen, so the form stays busy until then.
   */
  const submit =
    (steps: {
      check: () => FieldErrors<F | Other>;
      invalid: (found: FieldErrors<F | Other>) => void;
      send: () => Promise<void>;
      refused: (err: unknown) => void;
      leaving?: boolean;
    }) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (sending) return;
      const found = steps.check();
      setErrors(found);
      if (Object.values(found).some(Boolean)) {
        steps.invalid(found);
        return;
      }
      setSending(true);
      try {
        await steps.send();
        if (!steps.leaving) setSending(false);
      } catch (err) {
        setSending(false);
        if (err instanceof ApiError) setErrors(serverFieldErrors(err.errors, labels));
        steps.refused(err);
      }
    };

  return { id, values, setValues, errors, setErrors, sending, bind, submit };
}
