export * from './service';
export * from './changes';
export * from './reconcile';
export * from './bank';
export * from './morning';
export * from './erp';
