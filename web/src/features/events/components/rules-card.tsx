import {
  EVENT_TEXTS,
  type EventRules,
  EYE_PROTECTION_LABELS,
  formatPowerLimit,
  WEAPON_CLASS_LABELS,
  WEAPON_CLASSES,
} from '@contract/events';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Check, ShieldCheck, X } from 'lucide-react';

const FLAGS: { key: 'pyroAllowed' | 'smokeAllowed' | 'hpaAllowed' | 'tracersAllowed'; label: string }[] = [
  { key: 'pyroAllowed', label: 'Pyro' },
  { key: 'smokeAllowed', label: 'Smoke' },
  { key: 'hpaAllowed', label: 'HPA' },
  { key: 'tracersAllowed', label: 'Tracers' },
];

/**
 * The rules of engagement: power limit per weapon class in joules with the fps equivalent at the
 * chrono BB weight (the contract's joulesToFps), minimum engagement distance, rate of fire, eye
 * protection, minimum age, and whether pyro, smoke, HPA and tracers are allowed.
 */
export function RulesCard({ rules }: { rules: EventRules }) {
  const classes = WEAPON_CLASSES.filter((c) => rules.classes[c]);
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          {EVENT_TEXTS.rules}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {classes.length > 0 ? (
          <table className="w-full text-left">
            <caption className="sr-only">Power limits and minimum engagement distances</caption>
            <thead className="text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Class
                </th>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Power limit
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Min. engagement
                </th>
              </tr>
            </thead>
            <tbody>
              {classes.map((c) => {
                const limits = rules.classes[c];
                return (
                  <tr key={c} className="border-t border-border">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {WEAPON_CLASS_LABELS[c]}
                    </th>
                    <td className="py-2 pr-3 tabular-nums">
                      {limits?.joules ? formatPowerLimit(limits.joules, rules.chronoBbWeightG) : '—'}
                    </td>
                    <td className="py-2 tabular-nums">
                      {limits?.minEngagementM ? `${limits.minEngagementM} m` : '—'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ) : null}
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {rules.rateOfFireBps ? <Row term="Rate of fire">{`${rules.rateOfFireBps} BB/s max`}</Row> : null}
          {rules.eyeProtection ? (
            <Row term="Eye protection">{EYE_PROTECTION_LABELS[rules.eyeProtection]}</Row>
          ) : null}
          {rules.minimumAge !== null ? <Row term="Minimum age">{`${rules.minimumAge}+`}</Row> : null}
          <Row term="Chrono BB weight">{`${rules.chronoBbWeightG.toFixed(2)} g`}</Row>
        </dl>
        <ul className="flex flex-wrap gap-2" aria-label="Allowed on the field">
          {FLAGS.map(({ key, label }) => {
            const allowed = rules[key];
            return (
              <li
                key={key}
                className={
                  allowed
                    ? 'inline-flex items-center gap-1 rounded-full bg-emerald-500/15 px-2.5 py-1 text-xs font-medium text-emerald-800 dark:text-emerald-300'
                    : 'inline-flex items-center gap-1 rounded-full bg-muted px-2.5 py-1 text-xs font-medium text-muted-foreground'
                }
              >
                {allowed ? (
                  <Check className="size-3.5" aria-hidden="true" />
                ) : (
                  <X className="size-3.5" aria-hidden="true" />
                )}
                {label} {allowed ? 'allowed' : 'not allowed'}
              </li>
            );
          })}
        </ul>
        {rules.notes ? <p className="whitespace-pre-line text-muted-foreground">{rules.notes}</p> : null}
      </CardContent>
    </Card>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-border/60 pb-1.5 sm:block sm:border-0 sm:pb-0">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
