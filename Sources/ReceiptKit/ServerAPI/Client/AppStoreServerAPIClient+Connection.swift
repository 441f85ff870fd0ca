extension AppStoreServerAPIClient {
    /// How the client reaches Apple: its connection's limits and trust, and how often a request is tried.
    public struct Connection: Sendable, Equatable {
        /// How long making the connection (TLS included) may take.
        public var connectTimeout: Duration
        /// How long one request may take, from connecting to the last byte of the response.
        public var requestTimeout: Duration
        /// A PEM file of the only CAs to trust instead of the system's (a private CA, a test server).
        public var caFile: String?
        /// Where libcurl is, a name the dynamic loader searches for or a path; nil: its usual name.
        public var libcurlPath: String?
        /// Attempts in all, the first included: a 429, a 5xx or a network failure is retried within a minute.
        public var maximumAttempts: Int

        /// The defaults connect within 10 s, take 30 s a request and make four attempts.
        public init(
            connectTimeout: Duration = .seconds(10), requestTimeout: Duration = .seconds(30), caFile: String? = nil,
            libcurlPath: String? = nil, maximumAttempts: Int = 4
        ) {
            self.connectTimeout = connectTimeout
            self.requestTimeout = requestTimeout
            self.caFile = caFile
            self.libcurlPath = libcurlPath
            self.maximumAttempts = maximumAttempts
        }

        /// The libcurl transport these limits describe.
        var transport: CurlTransport {
            CurlTransport(
                connectTimeout: connectTimeout, requestTimeout: requestTimeout, caFile: caFile,
                libraryPath: libcurlPath)
        }

        /// The retries these attempts allow.
        var retryPolicy: RetryPolicy { RetryPolicy(maximumAttempts: maximumAttempts) }
    }
}
