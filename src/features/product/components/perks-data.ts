import { GiftIcon, PenIcon, ShieldIcon, TruckIcon } from '../../../components/icons.tsx'

/** The four perks of spec §2.6. */
export const PERKS = [
  {
    title: '5 Year Warranty',
    text: 'Repairs or replacement, free, for five years.',
    Icon: ShieldIcon,
  },
  { title: 'Free Gift Boxing', text: 'Hand-wrapped with a note of your own.', Icon: GiftIcon },
  {
    title: 'Free Shipping and Returns',
    text: 'Delivered free; returns free for 30 days.',
    Icon: TruckIcon,
  },
  { title: 'Customize and Monogram', text: 'Add initials to make it truly theirs.', Icon: PenIcon },
] as const
