/** Demo tutorials (issue 11): every category and difficulty, video and written. Dates are offsets (days) from the seed. The seeding code is one folder up. */
import type { Scene } from '../art';

export interface DemoTutorial {
  title: string;
  description: string;
  category: 'How to Play' | 'Equipment' | 'Tactics' | 'Milsim' | 'Maintenance';
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  duration: string;
  type: 'video' | 'article';
  videoId?: string;
  /** The channel's name as an admin typed it (no YouTube API key in the demo). */
  channel?: string;
  /** Markdown (GFM). */
  content?: string;
  days: number;
  scene: Scene;
}

export const TUTORIALS: DemoTutorial[] = [
  {
    title: 'Airsoft 101: Your First Game Day',
    description: 'What to bring, what to expect and how the day runs, from chrono to the last round.',
    category: 'How to Play',
    difficulty: 'Beginner',
    duration: '12 min',
    type: 'video',
    videoId: 'k3Vt9pQ2xLw',
    channel: 'Airsoft Academy',
    days: 2,
    scene: 'fort',
  },
  {
    title: 'Choosing Your First AEG',
    description:
      'Metal or polymer, battery types, FPS limits and the features that actually matter when buying your first rifle.',
    category: 'Equipment',
    difficulty: 'Beginner',
    duration: '8 min',
    type: 'article',
    content: `Your first rifle should be **reliable, easy to maintain and legal** at the fields you plan to play. An automatic electric gun (AEG) is the usual choice: it runs on a battery, needs no gas and works in any weather.

## What to look for

- A **quick-change spring**, so the field can adjust it if it chronos too high
- A gearbox with good **spare-part support**
- A body you can carry all day: polymer is lighter and perfectly durable; metal feels more realistic but adds weight

## Budget for the rest of the kit

| Item | Why |
| --- | --- |
| Full-seal eye protection | Non-negotiable |
| Lower-face guard | Teeth are expensive |
| LiPo-safe charger | Batteries are the fire risk, not the rifle |
| 2–3 mid-cap magazines | Quiet and plenty for a game |

A decent mid-range rifle with good protection beats an expensive rifle with cheap goggles every time.`,
    days: 5,
    scene: 'fort',
  },
  {
    title: 'Hop-Up Tuning for Range and Accuracy',
    description: 'How the hop-up works, how to set it at the field and the upgrades worth paying for.',
    category: 'Maintenance',
    difficulty: 'Intermediate',
    duration: '15 min',
    type: 'video',
    videoId: 'Hn7uR2bZs0E',
    channel: 'Tech Bench Airsoft',
    days: 8,
    scene: 'forest',
  },
  {
    title: 'Room Clearing Basics for CQB',
    description: 'Stacking, slicing the pie and communicating through doorways without getting lit up.',
    category: 'Tactics',
    difficulty: 'Intermediate',
    duration: '18 min',
    type: 'video',
    videoId: 'q8Jd3MvT1cY',
    channel: 'Close Quarters Collective',
    days: 10,
    scene: 'urban',
  },
  {
    title: 'Packing for a 24-Hour Milsim',
    description:
      'A checklist for long events: sleep system, water, food, batteries and the small things people forget.',
    category: 'Milsim',
    difficulty: 'Intermediate',
    duration: '10 min',
    type: 'article',
    content: `A 24-hour event is a camping trip with a game on top.

## Sleep and shelter

- Sleeping bag rated for the night's temperature, and a pad
- A tarp and paracord
- Dry socks in a waterproof bag

## Water, food and power

Plan on **four litres of water per day** plus electrolytes, and food you can eat cold and one-handed. Bring twice the batteries you think you need for your rifle, radio and red light, and keep them in a pouch that stays dry.

## Three layers of kit

1. What you carry on your body
2. What lives in your day pack
3. What stays in the car

Label your magazines, tape your name on your radio and read the scenario brief before you arrive. The players who enjoy long events most are the ones who are warm, fed and rested.`,
    days: 13,
    scene: 'night',
  },
  {
    title: 'Gearbox Shimming Step by Step',
    description: 'Shim a V2 gearbox for a quiet, efficient and long-lasting build.',
    category: 'Maintenance',
    difficulty: 'Advanced',
    duration: '25 min',
    type: 'video',
    videoId: 'Zp4Lx0eW7sA',
    channel: 'Tech Bench Airsoft',
    days: 17,
    scene: 'urban',
  },
  {
    title: 'Radio Comms and Brevity Codes',
    description:
      'Keep the net clear: call signs, radio checks, contact reports and the brevity codes used at most milsims.',
    category: 'Milsim',
    difficulty: 'Advanced',
    duration: '9 min',
    type: 'article',
    content: `Good radio discipline wins games. Before you key the radio, know who you are calling and what you need to say. Use call signs ("Viper Two, this is Viper Actual") and keep transmissions **under ten seconds**.

## The contact report

1. **Who** is reporting
2. **Where** the enemy is
3. **How many**
4. **What** they are doing
5. **What you are doing** about it

Practice it until it is automatic.

## Common brevity codes

| Code | Meaning |
| --- | --- |
| Wilco | Will comply |
| Say again | Repeat your last |
| Break | Pause in a long message |
| Out | Conversation over, no answer expected |

Agree on your team's own codes before the event, and do a radio check at the staging area: a dead battery discovered in the field costs the whole squad.`,
    days: 21,
    scene: 'forest',
  },
  {
    title: 'Flanking and Fire-and-Move',
    description:
      'Basic fire-team movement: suppress, move, repeat. Drills you can practice with two friends.',
    category: 'Tactics',
    difficulty: 'Beginner',
    duration: '11 min',
    type: 'video',
    videoId: 'Tb6nQ2kRy5U',
    channel: 'Close Quarters Collective',
    days: 25,
    scene: 'forest',
  },
  {
    title: 'Hit Calling and Field Etiquette',
    description:
      'How to call hits, what "dead rag" means, and the unwritten rules every field expects you to know.',
    category: 'How to Play',
    difficulty: 'Intermediate',
    duration: '6 min',
    type: 'article',
    content: `Airsoft runs on honesty. A BB leaves no mark, so the game only works when everyone calls their hits.

## Calling a hit

- Shout **"Hit!"** as soon as a BB touches you or your gear (gun hits count at most fields)
- Raise your hand or your **dead rag** (a red or orange cloth) and walk back to respawn
- Do not talk to your team about where the enemy is on your way out

## Unwritten rules

- Offer a **surrender** ("bang bang" or "you're out") inside minimum engagement distance instead of shooting
- Never blind-fire over cover
- Thank the marshals: they keep the game fair

If you are unsure whether you were hit, call it. Nobody ever lost a friend by calling one hit too many.`,
    days: 28,
    scene: 'sunset',
  },
  {
    title: 'Setting Up a Plate Carrier',
    description:
      'Pouch placement, hydration, radio and medical kit: build a carrier that works for your role and your body.',
    category: 'Equipment',
    difficulty: 'Advanced',
    duration: '20 min',
    type: 'video',
    videoId: 'Wm2sJ8cKq4D',
    channel: 'Loadout Lab',
    days: 32,
    scene: 'speedsoft',
  },
];
