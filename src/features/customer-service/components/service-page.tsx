import { Link } from '@tanstack/react-router'
import { Breadcrumb } from '../../../components/breadcrumb.tsx'
import type { ServiceContent, ServiceType } from '../service-content.ts'

/** /customer-service/{serviceType} (rules.md § Routes and pages). */
export function ServicePage({ type, content }: { type: ServiceType; content: ServiceContent }) {
  return (
    <article className="container" style={{ paddingBlock: '1.5rem 2rem', maxWidth: '52rem' }}>
      <Breadcrumb
        items={[
          { label: 'Home', link: { to: '/' } },
          {
            label: content.title,
            link: { to: '/customer-service/$serviceType', params: { serviceType: type } },
          },
        ]}
      />
      <h1>{content.title}</h1>
      <p style={{ fontSize: '1.1rem' }}>{content.intro}</p>
      {content.sections.map((section) => (
        <section key={section.heading}>
          <h2 style={{ fontSize: '1.25rem', marginTop: '2rem' }}>{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.points && (
            <ul>
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          )}
          {section.links && (
            <ul>
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  )
}
