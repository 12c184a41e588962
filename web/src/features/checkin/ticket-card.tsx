import { CHECKIN_TEXTS, formatTicketCode, type TicketAnswer } from '@contract/checkin';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { apiRequest } from '@web/lib/api';
import { useEffect, useState } from 'react';

/** The ticket's QR, drawn in the browser (qrcode, loaded with the ticket). */
export function TicketQr({ code }: { code: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qr) =>
        qr.toDataURL(formatTicketCode(code), { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
      )
      .then((url) => live && setSrc(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code]);
  return src ? (
    <img
      src={src}
      width={240}
      height={240}
      alt={`QR code of ticket ${formatTicketCode(code)}`}
      className="bg-white"
    />
  ) : (
    <div className="size-[240px] animate-pulse rounded bg-muted" />
  );
}

/** The code in groups of four, spelled out character by character for screen readers. */
export function TicketText({ code }: { code: string }) {
  const text = formatTicketCode(code);
  return (
    <p className="font-mono text-xl tracking-widest">
      <span aria-hidden="true" data-testid="ticket-code">
        {text}
      </span>
      <span className="sr-only">{`Ticket code ${text.split('').join(' ')}`}</span>
    </p>
  );
}

/** On the event page when the viewer is registered: the ticket, printable. */
export function TicketCard({ eventId }: { eventId: string }) {
  const ticket = useQuery({
    queryKey: ['/api/events', eventId, 'ticket'],
    queryFn: ({ signal }) =>
      apiRequest<TicketAnswer>('GET', `/api/events/${eventId}/ticket`, undefined, { signal }),
    retry: false,
  });
  if (!ticket.data) return null;
  return (
    <Card className="print:border-0 print:shadow-none">
      <CardHeader>
        <CardTitle>{CHECKIN_TEXTS.ticketTitle}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <TicketQr code={ticket.data.code} />
        <TicketText code={ticket.data.code} />
        <p className="text-muted-foreground text-sm">{CHECKIN_TEXTS.ticketHint}</p>
        <Button variant="outline" className="min-h-11 print:hidden" onClick={() => window.print()}>
          {CHECKIN_TEXTS.print}
        </Button>
      </CardContent>
    </Card>
  );
}
