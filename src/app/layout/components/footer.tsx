import { Link } from '@tanstack/react-router'
import { Disclosure } from '../../../components/disclosure.tsx'
import { messages } from '../../../lib/messages.ts'
import { TABLET_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts'
import { ThemeToggle } from '../../../features/theme/theme-toggle.tsx'
import { FOOTER_SECTIONS, SOCIAL_LINKS } from './footer-links.ts'
import styles from './footer.module.css'
import { FacebookIcon, InstagramIcon, PinterestIcon, YoutubeIcon } from './social-icons.tsx'

const SOCIAL_ICONS = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  Pinterest: PinterestIcon,
  YouTube: YoutubeIcon,
}

export function Footer() {
  // The link lists are accordions on small screens (rules.md § Header and footer): open until the app runs, so every
  // link works at any width before (and without) JavaScript.
  const wide = useMediaQuery(TABLET_QUERY, true)
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.top}`}>
        <section aria-labelledby="footer-store">
          <h2 id="footer-store" className={styles.brand}>
            {messages.brand}
          </h2>
          <address className={styles.address}>
            {messages.brand} Perimeter Mall
            <br />
            4400 Ashford Dunwoody Rd, Atlanta, GA 30346
            <br />
            Mon–Sat 10am–9pm, Sun 12pm–6pm
          </address>
          <ul className={styles.social} aria-label="Follow us">
            {SOCIAL_LINKS.map(({ name, href }) => {
              const Icon = SOCIAL_ICONS[name]
              return (
                <li key={name}>
                  <a
                    className={styles.socialLink}
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${messages.brand} on ${name} (opens in a new tab)`}
                  >
                    <Icon width={20} height={20} />
                  </a>
                </li>
              )
            })}
          </ul>
        </section>
        {FOOTER_SECTIONS.map((section) => (
          <Disclosure key={section.title} title={section.title} collapsible={!wide}>
            <ul className={styles.links}>
              {section.links.map(({ label, link }) => (
                <li key={label}>
                  <Link {...link}>{label}</Link>
                </li>
              ))}
            </ul>
          </Disclosure>
        ))}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.copyright}>{messages.copyright}</p>
        <ThemeToggle />
      </div>
    </footer>
  )
}
