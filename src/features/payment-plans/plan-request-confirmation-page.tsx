import { PlanRequestConfirmation } from './plan-request-page';

export default PlanRequestConfirmation;
