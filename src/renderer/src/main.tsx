import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { CustomerDisplay } from './customer/CustomerDisplay';
import { isCustomerDisplayPage } from './customer/display-publisher';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* The customer display (second window or /customer page) is read only: no till screens. */}
    {isCustomerDisplayPage(window.location) ? <CustomerDisplay /> : <App />}
  </StrictMode>,
);
