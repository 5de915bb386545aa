// Every catalogue entry, grouped by category in CATALOG_CATEGORIES order.
import type { CatalogApp } from '../types';
import { COLLABORATION_APPS } from './collaboration';
import { COLLABORATION_FILE_APPS } from './collaboration-files';
import { COMMUNICATION_APPS } from './communication';
import { COMMUNICATION_PHONE_APPS } from './communication-phone';
import { PROJECT_MANAGEMENT_APPS } from './project-management';
import { PROJECT_PORTFOLIO_APPS } from './project-portfolio';
import { ENGINEERING_APPS } from './engineering';
import { ENGINEERING_AI_TOOL_APPS } from './engineering-ai-tools';
import { ENGINEERING_PLATFORM_APPS } from './engineering-platforms';
import { ENGINEERING_TESTING_APPS } from './engineering-testing';
import { DEVOPS_CLOUD_APPS } from './devops-cloud';
import { DEVOPS_DATABASE_APPS } from './devops-databases';
import { DEVOPS_OBSERVABILITY_APPS } from './devops-observability';
import { DEVOPS_DELIVERY_APPS } from './devops-delivery';
import { DESIGN_APPS } from './design';
import { DESIGN_ASSET_APPS } from './design-assets';
import { MARKETING_APPS } from './marketing';
import { MARKETING_SEO_SOCIAL_APPS } from './marketing-seo-social';
import { MARKETING_WEB_APPS } from './marketing-web';
import { SALES_CRM_APPS } from './sales-crm';
import { SALES_ENGAGEMENT_APPS } from './sales-engagement';
import { CUSTOMER_SUPPORT_APPS } from './customer-support';
import { CUSTOMER_SUCCESS_APPS } from './customer-success';
import { FINANCE_APPS } from './finance';
import { FINANCE_SPEND_APPS } from './finance-spend';
import { HR_PAYROLL_APPS } from './hr-payroll';
import { HR_TALENT_APPS } from './hr-talent';
import { HR_LEARNING_APPS } from './hr-learning';
import { SECURITY_IDENTITY_APPS } from './security-identity';
import { SECURITY_ENDPOINT_APPS } from './security-endpoint';
import { IT_MANAGEMENT_APPS } from './it-management';
import { ANALYTICS_APPS } from './analytics';
import { PRODUCT_ANALYTICS_APPS } from './product-analytics';
import { PRODUCTIVITY_APPS } from './productivity';
import { PRODUCTIVITY_AUTOMATION_APPS } from './productivity-automation';
import { PRODUCTIVITY_TIME_APPS } from './productivity-time';
import { AI_APPS } from './ai';
import { DATA_PLATFORM_APPS } from './data-platform';
import { LEGAL_APPS } from './legal';
import { COMPLIANCE_APPS } from './compliance';
import { ECOMMERCE_APPS } from './ecommerce';
import { ECOMMERCE_OPERATIONS_APPS } from './ecommerce-operations';
import { VIDEO_MEDIA_APPS } from './video-media';
import { MEDIA_PLATFORM_APPS } from './media-platforms';
import { OTHER_APPS } from './other';

export const CATALOG_DATA: readonly CatalogApp[] = [
  ...COLLABORATION_APPS,
  ...COLLABORATION_FILE_APPS,
  ...COMMUNICATION_APPS,
  ...COMMUNICATION_PHONE_APPS,
  ...PROJECT_MANAGEMENT_APPS,
  ...PROJECT_PORTFOLIO_APPS,
  ...ENGINEERING_APPS,
  ...ENGINEERING_AI_TOOL_APPS,
  ...ENGINEERING_PLATFORM_APPS,
  ...ENGINEERING_TESTING_APPS,
  ...DEVOPS_CLOUD_APPS,
  ...DEVOPS_DATABASE_APPS,
  ...DEVOPS_OBSERVABILITY_APPS,
  ...DEVOPS_DELIVERY_APPS,
  ...DESIGN_APPS,
  ...DESIGN_ASSET_APPS,
  ...MARKETING_APPS,
  ...MARKETING_SEO_SOCIAL_APPS,
  ...MARKETING_WEB_APPS,
  ...SALES_CRM_APPS,
  ...SALES_ENGAGEMENT_APPS,
  ...CUSTOMER_SUPPORT_APPS,
  ...CUSTOMER_SUCCESS_APPS,
  ...FINANCE_APPS,
  ...FINANCE_SPEND_APPS,
  ...HR_PAYROLL_APPS,
  ...HR_TALENT_APPS,
  ...HR_LEARNING_APPS,
  ...SECURITY_IDENTITY_APPS,
  ...SECURITY_ENDPOINT_APPS,
  ...IT_MANAGEMENT_APPS,
  ...ANALYTICS_APPS,
  ...PRODUCT_ANALYTICS_APPS,
  ...PRODUCTIVITY_APPS,
  ...PRODUCTIVITY_AUTOMATION_APPS,
  ...PRODUCTIVITY_TIME_APPS,
  ...AI_APPS,
  ...DATA_PLATFORM_APPS,
  ...LEGAL_APPS,
  ...COMPLIANCE_APPS,
  ...ECOMMERCE_APPS,
  ...ECOMMERCE_OPERATIONS_APPS,
  ...VIDEO_MEDIA_APPS,
  ...MEDIA_PLATFORM_APPS,
  ...OTHER_APPS,
];
