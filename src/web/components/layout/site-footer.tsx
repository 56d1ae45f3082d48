import { Mail, MapPin, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_PATHS } from '../../../shared/routes';
import { formatWhatsapp } from '../../lib/format';
import { useToday } from '../../lib/page-context';
import { useSiteConfig } from '../../lib/site-config';
import { cn } from '../ui/cn';
import { BrandLogo } from './brand-logo';

const linkClass =
  'rounded text-slate-300 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-3 text-sm">{children}</ul>
    </div>
  );
}

export function SiteFooter() {
  const site = useSiteConfig();
  const year = useToday().slice(0, 4);
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.5fr]">
        <div>
          <BrandLogo tone="light" />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            Links curtos e personalizados, grátis e sem cadastro.
          </p>
          <p className="mt-3 text-sm text-slate-400">{site.developerCredit}</p>
        </div>
        <FooterColumn title="Navegação">
          <li><Link to={PAGE_PATHS.home} className={linkClass}>Início</Link></li>
          <li><Link to={PAGE_PATHS.dashboard} className={linkClass}>Dashboard</Link></li>
          <li><Link to={PAGE_PATHS.faq} className={linkClass}>FAQ</Link></li>
        </FooterColumn>
        <FooterColumn title="Legal">
          <li><Link to={PAGE_PATHS.privacy} className={linkClass}>Política de Privacidade</Link></li>
          <li><Link to={PAGE_PATHS.contact} className={linkClass}>Contato</Link></li>
          <li><Link to={PAGE_PATHS.report} className={linkClass}>Denunciar link</Link></li>
        </FooterColumn>
        <FooterColumn title="Nossos Contatos">
          <li>
            <a href={`mailto:${site.contactEmail}`} className={cn(linkClass, 'inline-flex items-center gap-2 break-all')}>
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {site.contactEmail}
            </a>
          </li>
          <li>
            <a
              href={`https://wa.me/${site.whatsappNumber}`}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(linkClass, 'inline-flex items-center gap-2')}
            >
              <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
              <span>
                WhatsApp <span className="whitespace-nowrap">{formatWhatsapp(site.whatsappNumber)}</span>
                <span className="sr-only"> (abre em nova aba)</span>
              </span>
            </a>
          </li>
          <li className="flex gap-2 text-slate-400">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <address className="not-italic">{site.address}</address>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-center text-xs text-slate-400 sm:flex-row sm:justify-between sm:text-left">
          <p>© {year} {site.siteName}. Todos os direitos reservados.</p>
          <p>{site.companyLine}</p>
        </div>
      </div>
    </footer>
  );
}
