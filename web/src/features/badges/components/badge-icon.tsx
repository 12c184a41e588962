import type { BadgeIcon as BadgeIconName } from '@contract/badges';
import {
  Cake,
  CalendarCheck,
  CalendarDays,
  Camera,
  Flag,
  type LucideIcon,
  Medal,
  Megaphone,
  MessageSquare,
  MessagesSquare,
  Star,
  Trophy,
  Users,
} from 'lucide-react';

/** The lucide icon of each badge icon name the server sends (contract/badges.ts). */
const ICONS: Record<BadgeIconName, LucideIcon> = {
  'message-square': MessageSquare,
  'messages-square': MessagesSquare,
  megaphone: Megaphone,
  'calendar-check': CalendarCheck,
  'calendar-days': CalendarDays,
  medal: Medal,
  flag: Flag,
  users: Users,
  camera: Camera,
  star: Star,
  trophy: Trophy,
  cake: Cake,
};

export function BadgeIcon({ name, className }: { name: BadgeIconName; className?: string }) {
  const Icon = ICONS[name] ?? Medal;
  return <Icon className={className} aria-hidden="true" />;
}
