import ReceiptCheckCLI

ReceiptCheck.main()
