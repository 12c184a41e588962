import { EVENT_SOCIAL_TEXTS } from '@contract/event-social';

/**
 * "Register privately (counted, not listed)" (issue 26): the one checkbox of the plain register
 * action and of the Sides card; the registration then sends `private: true`.
 */
export function RegisterPrivately({
  checked,
  onChange,
  className = '',
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={`flex min-h-11 items-center gap-2 text-sm ${className}`}>
      <input
        type="checkbox"
        className="size-5 accent-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {EVENT_SOCIAL_TEXTS.registerPrivately}
    </label>
  );
}
