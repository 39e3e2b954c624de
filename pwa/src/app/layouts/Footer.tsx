import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** External pages (inquiry, FAQ, company profile) per the spec. */
export const EXTERNAL_LINKS = {
  inquiry: 'https://support.zoopass.jp/contact',
  faq: 'https://support.zoopass.jp/faq',
  company: 'https://corp.zoopass.jp/',
};

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t('nav.menu')}>
        <ul>
          <li>
            <Link to="/about-us">{t('footer.aboutUs')}</Link>
          </li>
          <li>
            <Link to="/user-guide">{t('footer.userGuide')}</Link>
          </li>
          <li>
            <Link to="/corporations">{t('footer.corporations')}</Link>
          </li>
          <li>
            <Link to="/page/terms">{t('footer.terms')}</Link>
          </li>
          <li>
            <Link to="/page/privacy">{t('footer.privacy')}</Link>
          </li>
          <li>
            <Link to="/page/commercial-law">{t('footer.commercialLaw')}</Link>
          </li>
          <li>
            <a href={EXTERNAL_LINKS.inquiry} target="_blank" rel="noreferrer">
              {t('footer.inquiry')}
            </a>
          </li>
          <li>
            <a href={EXTERNAL_LINKS.faq} target="_blank" rel="noreferrer">
              {t('footer.faq')}
            </a>
          </li>
          <li>
            <a href={EXTERNAL_LINKS.company} target="_blank" rel="noreferrer">
              {t('footer.company')}
            </a>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copy">{t('footer.copyright')}</p>
    </footer>
  );
}
