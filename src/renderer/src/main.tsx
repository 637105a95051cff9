import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { CustomerDisplay } from './customer/CustomerDisplay';
import { isCustomerDisplayPage } from './customer/display-publisher';
import { keepCartAcrossReloads } from './sell/cart-keeper';
import './styles.css';

const customerPage = isCustomerDisplayPage(window.location);
if (!customerPage) {
  const session = (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })();
  keepCartAcrossReloads(session, window.location, () => {
    const url = new URL(window.location.href);
    url.searchParams.delete('recovered');
    window.history.replaceState(null, '', url);
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The customer display (second window or /customer page) is read only: no till screens. */}
    {customerPage ? <CustomerDisplay /> : <App />}
  </StrictMode>,
);
