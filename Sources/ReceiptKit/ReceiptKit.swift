import CReceipt
