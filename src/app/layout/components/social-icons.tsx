import { Icon, type IconProps } from '../../../components/icons.tsx'

/** The footer's brand marks: here rather than in components/icons.tsx, so they load with it. */
export const FacebookIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z" />
  </Icon>
)
export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
  </Icon>
)
export const PinterestIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M10.5 20 12.5 11M9.5 13.5c-1.5-3 .5-6.5 3.5-6.5 2.5 0 4 1.8 4 4 0 2.8-1.6 4.8-3.5 4.8-1.2 0-2-.8-1.8-2" />
  </Icon>
)
export const YoutubeIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
    <path d="m10 9.5 5 2.5-5 2.5v-5Z" fill="currentColor" />
  </Icon>
)
