/** Demo catalog products, with the stores that sell them and their prices. The seeding code is one folder up. */
import type { GearKind } from '../art';

export interface DemoProduct {
  slug: string;
  title: string;
  brand: string;
  category: string;
  description: string;
  fps: number | null;
  weight: string;
  material: string;
  magazineCapacity: number | null;
  kind: GearKind;
  /** [vendor, price, in stock] */
  sources: [string, string, boolean][];
}

export const PRODUCTS: DemoProduct[] = [
  {
    slug: 'krytac-trident-mkii-crb',
    title: 'Krytac Trident MkII CRB',
    brand: 'Krytac',
    category: 'Rifle',
    description:
      'Full-metal M4 carbine AEG with a quick-change spring and a reliable stock gearbox. A favourite first upgrade-free rifle.',
    fps: 370,
    weight: '2.9 kg',
    material: 'Aluminium, polymer',
    magazineCapacity: 150,
    kind: 'rifle',
    sources: [
      ['Northbound Airsoft', '579.99', true],
      ['Coastline Airsoft Supply', '589.00', true],
      ['Pacific Gear Exchange', '449.95', false],
    ],
  },
  {
    slug: 'gg-cm16-raider-2',
    title: 'G&G CM16 Raider 2.0',
    brand: 'G&G',
    category: 'Rifle',
    description:
      'Budget polymer M4 with an electronic trigger unit. Light, tough and an easy recommendation for new players.',
    fps: 330,
    weight: '2.4 kg',
    material: 'Polymer',
    magazineCapacity: 450,
    kind: 'rifle',
    sources: [
      ['Red River Airsoft', '269.99', true],
      ['Lone Star Airsoft Outpost', '199.00', true],
    ],
  },
  {
    slug: 'action-army-aac-t10',
    title: 'Action Army AAC T10',
    brand: 'Action Army',
    category: 'Sniper Rifle',
    description:
      'Spring bolt-action sniper rifle with a smooth bolt, adjustable hop-up and a huge upgrade ecosystem.',
    fps: 420,
    weight: '3.4 kg',
    material: 'Polymer, steel',
    magazineCapacity: 28,
    kind: 'sniper',
    sources: [
      ['Foothills Airsoft Depot', '389.99', true],
      ['Boutique Airsoft Laurentides', '399.00', true],
      ['Evergreen Tactical', '289.95', true],
    ],
  },
  {
    slug: 'tokyo-marui-hi-capa-5-1',
    title: 'Tokyo Marui Hi-Capa 5.1',
    brand: 'Tokyo Marui',
    category: 'Pistol',
    description:
      'The gas blowback pistol that started a thousand race builds. Crisp blowback and excellent accuracy out of the box.',
    fps: 290,
    weight: '0.9 kg',
    material: 'Polymer, metal',
    magazineCapacity: 31,
    kind: 'pistol',
    sources: [
      ['Pacific Gear Exchange', '189.95', true],
      ['Sunshine State Airsoft', '194.99', false],
    ],
  },
  {
    slug: 'vfc-avalon-calibur',
    title: 'VFC Avalon Calibur',
    brand: 'VFC',
    category: 'Rifle',
    description:
      'Compact M4 AEG with a quick-change spring gearbox and a slim M-LOK handguard. Great for CQB and speedsoft.',
    fps: 350,
    weight: '2.7 kg',
    material: 'Aluminium',
    magazineCapacity: 120,
    kind: 'rifle',
    sources: [
      ['Capital Tactical Outfitters', '529.99', true],
      ['Bay Area Airsoft Works', '399.00', true],
      ['Harbour Airsoft Co.', '539.00', true],
    ],
  },
  {
    slug: 'asg-scorpion-evo-3-a1',
    title: 'ASG Scorpion EVO 3 A1',
    brand: 'ASG',
    category: 'SMG',
    description:
      'Lightweight SMG AEG with a folding stock. Very popular for CQB thanks to its size and rate of fire.',
    fps: 330,
    weight: '2.1 kg',
    material: 'Polymer',
    magazineCapacity: 75,
    kind: 'rifle',
    sources: [
      ['Northbound Airsoft', '349.99', true],
      ['Fraser Valley Tactical', '359.00', false],
    ],
  },
  {
    slug: 'replica-fast-helmet-mh',
    title: 'Replica FAST MH Helmet',
    brand: 'Emerson',
    category: 'Helmet',
    description:
      'ABS FAST-style helmet with rails, a shroud and an adjustable dial. Comfortable for long ops.',
    fps: null,
    weight: '0.6 kg',
    material: 'ABS',
    magazineCapacity: null,
    kind: 'helmet',
    sources: [
      ['Coastline Airsoft Supply', '64.99', true],
      ['Lone Star Airsoft Outpost', '49.95', true],
    ],
  },
  {
    slug: 'jpc-style-plate-carrier',
    title: 'JPC-Style Plate Carrier',
    brand: 'Emerson',
    category: 'Tactical Vest',
    description: 'Light plate carrier with a MOLLE front, cummerbund and an integrated three-mag shingle.',
    fps: null,
    weight: '1.2 kg',
    material: '500D nylon',
    magazineCapacity: null,
    kind: 'vest',
    sources: [
      ['Prairie Tactical Supply', '119.99', true],
      ['Evergreen Tactical', '89.95', true],
      ['Sunshine State Airsoft', '92.50', true],
    ],
  },
];
