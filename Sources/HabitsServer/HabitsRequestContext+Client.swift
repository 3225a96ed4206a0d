extension HabitsRequestContext {
    /// The address of the client a request comes from, as per-client limits count it: the client
    /// `ClientConnectionMiddleware` resolved (behind a trusted proxy, the address it forwarded). Requests
    /// whose client is unknown (no socket, or a proxy that does not say) share one count.
    var clientAddress: String? { client.address?.description }
}
